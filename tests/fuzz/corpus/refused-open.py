open('/etc/passwd').read()
