# Python's re: the FutureWarnings and DeprecationWarnings CPython 3.11's parser gives
# (possible nested sets and set operations, group numbers that are not plain digits), each
# once per pattern as the pattern cache keeps it, at the line that compiled it
# needs: re
# compare: stderr
import re


def compile_in_function(pattern):
    return re.compile(pattern)


print(re.findall("[[a]", "[a]"))
print(re.findall("[a&&b]", "&"), re.findall("[a~~b]", "~"), re.findall("[a||b]", "|"),
      re.findall("[a-]", "-"), re.findall("[a-b--]", "-"))
try:
    re.compile("[[a--b]")
except re.error as e:
    print("re.error:", e)
for i in range(2):
    print(re.compile("[[:digit:]]"))
print(compile_in_function("[a-z--]"))
print(re.sub("(a)", "\\g< 1>", "bab"), re.match("(a)(?( 1)b)", "ab"))
print(re.sub("(a)", "\\g<1>", "bab"))
