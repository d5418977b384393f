# A replacement that would make a string of 200 MB.
# args: --max-memory 64M
# exit: 1
# error: MemoryError: a str of 200010000 bytes would go over Backstep's memory budget of 64.0 MiB; raise it with --max-memory
# line: 7
s = 'ab' * 10 ** 4
s.replace('a', s)
