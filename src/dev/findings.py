#!/usr/bin/env python3
"""The compiler's findings in a build's log (javac's lint and Error Prone's default checks), against the committed
figures (issue 70): a check with more findings than its figure in src/dev/findings.tsv fails the run.

  src/dev/findings.py LOG            prints each check's findings beside its committed figure
  src/dev/findings.py --check LOG    the same, and exits 1 when a check has more (naming where they are)
  src/dev/findings.py --write LOG    records LOG's figures (after fixing some; LOG must be of a clean build)

A finding is a '[WARNING] <file>.java:[line,col] ...' line of Maven's log, counted once however often Maven prints
it. Error Prone names its check ('[StringSplitter] ...'); javac's lint does not, so its kind is told from its words.
An incremental build compiles only what changed, so its figures can only be lower: a new finding still shows.
"""
import os
import re
import sys

FIGURES = os.path.join(os.path.dirname(__file__), 'findings.tsv')
FINDING = re.compile(r'^\[WARNING\] (/\S+\.java):\[(\d+),(\d+)\] (.*)$')
LINT = [('javac deprecation', r'has been deprecated'),
        ('javac internal API', r'is internal proprietary API'),
        ('javac dangling doc comment', r'documentation comment is not attached'),
        ('javac try', r'auto-closeable resource|explicit call to close\(\)'),
        ('javac text blocks', r'trailing white space')]


def findings(log):
    found = {}
    with open(log, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = FINDING.match(line.rstrip('\n'))
            if not m:
                continue
            path, row, col, text = m.groups()
            check = re.match(r'\[([A-Z]\w+)\] ', text)
            name = ('Error Prone ' + check.group(1)) if check else next(
                (kind for kind, words in LINT if re.search(words, text)), 'javac other')
            rel = path.split('/src/', 1)[-1] if '/src/' in path else path
            found.setdefault(name, set()).add((rel, int(row), int(col)))
    return found


def committed():
    figures = {}
    if os.path.exists(FIGURES):
        with open(FIGURES, encoding='utf-8') as f:
            for line in f:
                if line.strip() and not line.startswith('#'):
                    name, figure = line.rstrip('\n').split('\t')
                    figures[name] = int(figure)
    return figures


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    if len(args) != 1:
        print(__doc__.strip())
        return 2
    now = findings(args[0])
    before = committed()
    if '--write' in sys.argv:
        with open(FIGURES, 'w', encoding='utf-8') as f:
            f.write('# check\tcommitted findings (a clean build\'s); written by src/dev/findings.py --write\n')
            for name in sorted(now):
                f.write(f'{name}\t{len(now[name])}\n')
        print(f'recorded {sum(len(v) for v in now.values())} findings of {len(now)} checks in {FIGURES}')
        return 0
    worse = []
    width = max([len(n) for n in set(now) | set(before)] + [5])
    print(f'{"check":<{width}}  {"now":>4}  committed')
    for name in sorted(set(now) | set(before)):
        n, b = len(now.get(name, ())), before.get(name, 0)
        mark = '   MORE' if n > b else ''
        print(f'{name:<{width}}  {n:>4}  {b:>9}{mark}')
        if n > b:
            worse.append(name)
    if '--check' in sys.argv and worse:
        for name in worse:
            print(f'\n{name}: {len(now[name])} found, {before.get(name, 0)} committed:')
            for rel, row, col in sorted(now[name]):
                print(f'  {rel}:{row}:{col}')
        print('\nnew compiler findings (fix them, or argue the check off in the root pom.xml)', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
