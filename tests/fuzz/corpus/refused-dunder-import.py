__import__('os').getcwd()
