return 1
break
continue
global x
nonlocal y
yield 2
