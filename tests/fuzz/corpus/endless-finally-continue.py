while True:
    try:
        pass
    finally:
        continue
