"""The command lines the documentation gives: README.md, docs/*.md (code blocks) and the shipped workloads' header
comments. Prints one per line as FILE<TAB>COMMAND, continuation lines joined and trailing prose cut off."""
import glob
import re
import sys

root = sys.argv[1]
COMMAND = re.compile(r'^(?:[A-Z_]+=\S*\s+)*(?:\./s3workload|java -jar cli/target/s3workload\.jar)\s')


def cut_prose(command):
    command = re.split(r'\s{2,}[(#]', command)[0]      # "      (the in-process server: a tour)", "   # comment"
    return command.strip()


def blocks(path):
    inside, buf = False, ''
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('```'):
            inside, buf = not inside, ''
            continue
        if not inside:
            continue
        buf = (buf + ' ' + line.strip()) if buf else line.strip()
        if buf.endswith('\\'):
            buf = buf[:-1].rstrip()
            continue
        if COMMAND.match(buf + ' '):
            yield cut_prose(buf)
        buf = ''


def headers(path):
    buf = ''
    for line in open(path, encoding='utf-8'):
        if not line.startswith('#'):
            break
        text = line[1:].strip()
        if not buf and not (COMMAND.match(text + ' ') or re.match(r'^(?:[A-Z_]+=\S+\s*)+\\$', text)):
            continue
        buf = (buf + ' ' + text) if buf else text
        if buf.endswith('\\'):
            buf = buf[:-1].rstrip()
            continue
        yield cut_prose(buf)
        buf = ''


for path in [f'{root}/README.md'] + sorted(glob.glob(f'{root}/docs/*.md')):
    for command in blocks(path):
        print(f'{path[len(root) + 1:]}\t{command}')
for path in sorted(glob.glob(f'{root}/workloads/*.yaml')):
    for command in headers(path):
        print(f'{path[len(root) + 1:]}\t{command}')
