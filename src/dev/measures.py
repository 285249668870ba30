#!/usr/bin/env python3
"""The design's measures (issues 45 and 70), computed from the source and compared with the committed figures.

  src/dev/measures.py           prints each measure beside its committed figure and target
  src/dev/measures.py --check   the same, and exits 1 when a measure is worse than its committed figure
  src/dev/measures.py --write   records today's figures in src/dev/measures.tsv (after making one better)

Each measure is counted by a rule written out below, so that it can be argued with; a lower figure is better.
"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
MAIN = os.path.join(ROOT, 'engine', 'src', 'main', 'java', 'io', 's3workload')
CLI = os.path.join(ROOT, 'cli', 'src', 'main', 'java', 'io', 's3workload')
FIGURES = os.path.join(os.path.dirname(__file__), 'measures.tsv')


def java_files(*roots):
    for root in roots:
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith('.java'):
                    path = os.path.join(folder, name)
                    with open(path, encoding='utf-8') as f:
                        yield os.path.relpath(path, ROOT), f.read()


def code(text):
    """The text without comments, string and char literals (a word in a message or a Javadoc is not counted, and a
    brace or a '//' in a string does not count as code)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + '\n' * text.count('\n', i, j))
            i = j
        elif text[i] in '"\'':
            quote, j = text[i], i + 1
            while j < n and text[j] != quote and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append(quote * 2)
            i = j + 1
        elif text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * text.count('\n', i, j))
            i = j
        else:
            out.append(text[i])
            i += 1
    return ''.join(out)


# The places where a stage kind is registered: what may test a kind's identity.
# (Planner: its exhaustive switch over the stage records is where each kind's plan is registered; a capacity search is
# planned around its load there.)
REGISTRATIONS = {'StageKind.java', 'StageSpec.java', 'StageBinder.java', 'Engine.java', 'Keys.java', 'Planner.java',
                 'Kinds.java'}
# The classes that read the raw tree to bind it (binders, the typed reads, the tree and its problems).
BINDING = re.compile(r'(Binder|Fields|Binding|LocatedTree|YamlTreeReader|Composites)\.java$')
# The passes that may rewrite the raw tree before binding (overrides, substitution, groups, scaling), and the schema,
# which reads a tree of its own making.
TREE_PASSES = re.compile(r'/(Overrides|Substitution|EndpointGroups|Scaling|WorkloadSchema)\.java$')
# The passes over the raw tree before binding, as WorkloadLoader.parse runs them.
PASS = re.compile(r'\b(Overrides|Substitution|EndpointGroups|Scaling|CrossChecks)\.apply\(|new CrossChecks\(')


def measures():
    files = list(java_files(MAIN, CLI))
    m = {}
    # key reads from the raw tree outside binding: .path("key") / .get("key") / .has("key") on a JSON node in the
    # workload's YAML package, outside the binders and the passes that rewrite the tree before binding
    m['raw tree key reads outside binding'] = sum(
        len(re.findall(r'\.(path|get|has)\("[A-Za-z]', text)) for path, text in files
        if '/workload/yaml/' in path and not BINDING.search(path) and not TREE_PASSES.search(path))
    # value lists the schema writes itself rather than taking from the model (Set.of("a", "b") / List.of("a", ...))
    schema = next(code_text for path, code_text in ((p, t) for p, t in files) if path.endswith('WorkloadSchema.java'))
    m['value lists written in the schema'] = len(re.findall(r'(Set|List)\.of\(""', code(schema)))
    loader = next(text for path, text in files if path.endswith('WorkloadLoader.java'))
    m['passes over the raw tree'] = len(PASS.findall(code(loader)))
    # kind-identity tests outside the registrations: == / != a StageKind constant, instanceof a stage record
    # (the stage records: every record that implements StageSpec, wherever its kind keeps it)
    records = set(name for _, text in files for name in re.findall(
        r'\brecord (\w+)\([^{]*?\)\s*implements\s+StageSpec\b', code(text), flags=re.S))
    # (a constant of StageKind itself, not of its nested enums: Workers.ONE is a trait, not an identity)
    kind = re.compile(r'[=!]= *(?:[\w.]+\.)?StageKind\.[A-Z_]+\b(?!\.)|StageKind\.[A-Z_]+ *[=!]=|instanceof (?:[\w.]+\.)?(' + '|'.join(
        sorted(records)) + r')\b')
    m['kind-identity tests outside registrations'] = sum(
        len(kind.findall(code(text))) for path, text in files if os.path.basename(path) not in REGISTRATIONS)
    # public methods of the ObjectStore family: the most on one of its types (an interface's every method; a
    # class's public ones, those it implements included)
    family = {'ObjectStore.java', 'BucketStore.java', 'SpreadStore.java', 'MultipartUploads.java',
              'ObjectVersions.java', 'BucketOperations.java', 'BucketStoreMultipart.java', 'BucketStoreVersions.java',
              'BucketStoreOperations.java', 'SpreadMultipart.java', 'SpreadVersions.java', 'SpreadOperations.java'}
    method = r'^    (?! )(public |default |static )*(?!record|enum|interface|class|final class|sealed|return|throw)' \
             r'[\w<>\[\], .?]+ \w+\([^;{]*\)\s*[;{]'
    def public_methods(text):
        body = code(text)
        found = re.findall(method, body, flags=re.M)
        if re.search(r'\binterface \w+', body):
            return len(found)
        return len(re.findall(r'^    public (?!record|enum|interface|static final|final class|sealed)[\w<>\[\], .?]+ '
                              r'\w+\(', body, flags=re.M))
    m['ObjectStore public methods'] = max(public_methods(text) for path, text in files
                                          if os.path.basename(path) in family)
    # what the engine reads that the plan should have resolved: the stage as written (StagePlan.spec(), a
    # StageCommon) and defaults applied at run time (Optional.orElse / orElseGet), in run/ and its folders
    run = [(path, code(text)) for path, text in files if '/io/s3workload/run/' in path]
    m['stage-as-written reads in run/'] = sum(len(re.findall(r'\.spec\(\)|\bStageCommon\b', t)) for _, t in run)
    m['Optional defaults in run/'] = sum(len(settings_defaults(t)) for _, t in run)
    m.update(house(files))
    m['per-kind outcome slots'] = outcome_slots(files)
    m['kind parts named outside kinds/'] = kind_parts_outside(files)
    m['main files over 400 lines'] = sum(1 for _, text in files if text.count('\n') > 400)
    m['methods over 60 lines'] = sum(long_methods(code(text)) for _, text in files)
    m['folders over 15 files or 2,500 lines'] = len(big_folders(files))
    return m



def big_folders(files):
    """The folders (their own .java files, not their subfolders') over 15 files or 2,500 lines (issue 70, item 5): a
    folder a reader takes in at once."""
    sizes = {}
    for path, text in files:
        folder_path = os.path.dirname(path)
        count, lines = sizes.get(folder_path, (0, 0))
        sizes[folder_path] = (count + (0 if path.endswith('package-info.java') else 1), lines + text.count('\n'))
    return sorted(f for f, (count, lines) in sizes.items() if count > 15 or lines > 2500)

# The engine's folders from the bottom up (issue 70): a folder may use those below it and its own, never one above.
# ground holds the value types everything uses; the ops log's file format and the trace readers are libraries under
# the workload's model; results sit on the plan, the engine on results, the reports on top.
LAYERS = ['ground', 'metrics', 'opslog', 'trace', 'workload', 'server', 's3', 'plan', 'history', 'result', 'run',
          'report', 'kinds']
# report/'s rooms, lowest first: a room uses only those before it (Reporters, in report/ itself, uses them all)
REPORT_ROOMS = ['console', 'plan', 'files', 'html', 'live', 'finished', 'analyze']
# a qualified type name in code: packages in lower case, then a type (java.util.List, io.s3workload.x.Y)
QUALIFIED = re.compile(r'(?<![\w.@])((?:java|javax|jdk|io|org|com|software|picocli)(?:\.[a-z_][\w]*)+)\.([A-Z]\w*)')


HOLDERS = ('StageResult', 'StageReport', 'Stage')
# what the holders of a stage's results may be made of: its name and kind, times, its cells, its place, why it was
# skipped, its answers, and its outcomes as one list (or map, in summary.json) that names no kind
HOLDER_TYPES = {'String', 'StageKind', 'StagePlan', 'long', 'double', 'boolean', 'List', 'Optional', 'Map',
                'CellStats', 'SummaryCell', 'StageGroup', 'Group', 'ResultAnswers', 'StageOutcome', 'Object',
                'JsonAnyGetter', 'JsonAnySetter'}


def outcome_slots(files):
    """Components of the records that hold a stage's results (StageResult, StageReport, summary.json's
    Summary.Stage) of a type outside what every stage has: each such component is one kind's slot, which every
    format and the merge must then name. A kind's outcome goes in the list of StageOutcome instead."""
    slots = 0
    for path, text in files:
        if not path.endswith(('/result/StageResult.java', '/result/StageReport.java', '/result/Summary.java')):
            continue
        for name, components in re.findall(r'\brecord (\w+)\(([^{]*?)\)\s*(?:implements [^{]*)?\{', code(text)):
            if name in HOLDERS:
                for component in re.split(r',(?![^<]*>)', components):
                    words = re.findall(r'[A-Za-z]\w*', component)[:-1]  # its type's words, not its name
                    slots += 1 if set(words) - HOLDER_TYPES else 0
    return slots


# the kinds of outcome every stage may have, which are no one kind's part
SHARED_OUTCOMES = {'ConvergencePairs'}


def kind_parts_outside(files):
    """Files outside kinds/ (the kinds' folders and their table) that name a kind's runner (a StageRunner of a kind)
    or its finding (a StageOutcome of a kind's own): each is an edit a new kind would cost outside its folder, or a
    part still to move into one. A part's own file does not count."""
    runners, findings = set(), set()
    for path, text in files:
        body = code(text)
        for name in re.findall(r'\b(?:class|record) (\w+)[^{]*\bimplements\b[^{]*\b(?:Cell)?StageRunner\b', body):
            runners.add(name)
        for name in re.findall(r'\brecord (\w+)\([^{]*\bimplements\b[^{]*\bStageOutcome\b', body, flags=re.S):
            if name not in SHARED_OUTCOMES:
                findings.add(name)
    parts = runners | findings
    count = 0
    for path, text in files:
        if '/io/s3workload/kinds/' in path.replace(os.sep, '/'):
            continue
        body = re.sub(r'^(import|package) .*$', '', code(text), flags=re.M)
        own = set(re.findall(r'\b(?:class|record|interface|enum) (\w+)', body))
        if any(re.search(r'(?<![\w.])' + name + r'\b', body) for name in parts - own):
            count += 1
    return count


def house(files):
    """The house's picture: imports against the folder order, imports never used, inline qualified names where an
    import would do, and records too long to read by position."""
    m = {'imports against the folder order': 0, 'unused imports': 0, 'imports out of order': 0,
         'inline qualified names': 0, 'records over 12 components': 0}
    for path, text in files:
        body = code(text)
        if '/engine/' in '/' + path:
            m['imports against the folder order'] += len(against_order(path, body))
        m['unused imports'] += len(unused_imports(text, body))
        m['imports out of order'] += 0 if imports_in_order(body) else 1
        m['inline qualified names'] += len(inline_qualified(body))
        m['records over 12 components'] += sum(1 for c in record_components(body) if c > 12)
    return m


def folder(path):
    parts = path.replace(os.sep, '/').split('/io/s3workload/')
    return parts[1].split('/')[0] if len(parts) > 1 and '/' in parts[1] else None


def against_order(path, body):
    """Each other folder's type this file names (imported or written out) that sits above the file's own folder."""
    own = folder(path)
    if own not in LAYERS:
        return []
    found = set()
    for m in re.finditer(r'\bio\.s3workload\.(\w+)\.(?:[\w.]*\.)?([A-Z]\w*)', body):
        other = m.group(1)
        if other in LAYERS and LAYERS.index(other) > LAYERS.index(own):
            found.add(m.group(0))
    room = report_room(path)
    if room:
        for m in re.finditer(r'\bio\.s3workload\.report\.(\w+)\.[A-Z]\w*', body):
            other = m.group(1)
            if other in REPORT_ROOMS and REPORT_ROOMS.index(other) > REPORT_ROOMS.index(room):
                found.add(m.group(0))
    return sorted(found)


def report_room(path):
    """The room of report/ a file is in (console, files, ...), or None."""
    parts = path.replace(os.sep, '/').split('/io/s3workload/report/')
    room = parts[1].split('/')[0] if len(parts) > 1 and '/' in parts[1] else None
    return room if room in REPORT_ROOMS else None


def unused_imports(text, body):
    """Single-type imports whose name is used neither in the code nor in a Javadoc link."""
    unused = []
    rest = re.sub(r'^import .*$', '', body, flags=re.M)
    docs = ' '.join(a or b for a, b in re.findall(r'\{@(?:link|linkplain|value)\s+([^}]*)\}|@(?:see|throws)\s+(\S+)',
                                                   text))
    declared = set(re.findall(r'\b(?:class|interface|record|enum)\s+(\w+)', rest))
    for m in re.finditer(r'^import (static )?([\w.]+)\.(\w+);', body, flags=re.M):
        name = m.group(3)
        if name in declared and not m.group(1):  # a type of the file's own by that name hides the import
            unused.append(m.group(0))
            continue
        # a use is the bare name (Summary.Cleanup is not a use of an imported Cleanup)
        used = r'(?<![\w.])' + re.escape(name) + r'\b'
        if not re.search(used, rest) and not re.search(r'(?<![\w.])' + re.escape(name) + r'\b|#' + re.escape(name),
                                                       docs):
            unused.append(m.group(0))
    return unused


def imports_in_order(body):
    """Whether the file's imports are static ones first, then the others, each group sorted by name (a file is
    counted once however many are out of place)."""
    lines = re.findall(r'^import .*;$', body, flags=re.M)
    key = [re.sub(r'^import (static )?', '', line).rstrip(';') for line in lines]
    static = [line.startswith('import static ') for line in lines]
    groups = sorted(range(len(lines)), key=lambda i: (not static[i], key[i]))
    return list(range(len(lines))) == groups


def inline_qualified(body):
    """Qualified type names in code outside package and import lines (an import would do where the simple name is
    free, which is nearly always)."""
    rest = re.sub(r'^(import|package) .*$', '', body, flags=re.M)
    return QUALIFIED.findall(rest)


def record_components(body):
    """The number of components of each record declared in the file."""
    counts = []
    for m in re.finditer(r'\brecord\s+\w+\s*(?:<[^>]*>)?\s*\(', body):
        depth, i = 1, m.end()
        start = i
        while i < len(body) and depth:
            depth += {'(': 1, ')': -1}.get(body[i], 0)
            i += 1
        inner = body[start:i - 1]
        # commas at the top level (not inside generics or annotations' parentheses)
        level, n = 0, 1 if inner.strip() else 0
        for ch in inner:
            if ch in '<(':
                level += 1
            elif ch in '>)':
                level -= 1
            elif ch == ',' and level == 0:
                n += 1
        counts.append(n)
    return counts


# A default applied at run time to what the workload said: .orElse / .orElseGet on an Optional read from the plan or
# its settings (a statement whose chain starts at a stage, the plan, a client's or the store metrics' settings).
# Optionals the run meets itself (a response header, a HEAD that found nothing, the largest of a stream, a run id
# given or not on the command line) are outcomes, not defaults the plan should have resolved, and are not counted.
SETTINGS = re.compile(r'(?<![\w.])(stage|plan|client|spec|settings|metrics)\.\w+\(')


def settings_defaults(text):
    found = []
    for m in re.finditer(r'\.orElse(Get)?\(', text):
        start = max(text.rfind(';', 0, m.start()), text.rfind('{', 0, m.start()), text.rfind('}', 0, m.start()))
        if SETTINGS.search(text[start + 1:m.start()]):
            found.append(text[start + 1:m.start()].strip())
    return found


def long_methods(text, limit=60):
    """Methods (and constructors) whose body spans more than {limit} lines, by matching braces."""
    count = 0
    head = re.compile(r'^\s+(public |private |protected |static |final |synchronized |default |abstract )*'
                      r'[\w<>\[\], .?]+\s+\w+\([^;{}]*\)\s*(throws [\w., ]+)?\s*\{', re.M)
    for match in head.finditer(text):
        if re.match(r'\s+(if|for|while|switch|catch|return|else|try|new|case)\b', match.group(0)) \
                or re.search(r'\b(record|class|interface|enum)\b', match.group(0)):
            continue
        depth, i = 0, match.end() - 1
        while i < len(text):
            depth += {'{': 1, '}': -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        if text.count('\n', match.end(), i) > limit:
            count += 1
    return count


def main():
    now = measures()
    committed, targets = {}, {}
    if os.path.exists(FIGURES):
        for line in open(FIGURES, encoding='utf-8'):
            if line.strip() and not line.startswith('#'):
                name, figure, target = line.rstrip('\n').split('\t')
                committed[name], targets[name] = int(figure), target
    if '--write' in sys.argv:
        with open(FIGURES, 'w', encoding='utf-8') as f:
            f.write('# measure\tcommitted figure\ttarget (issues 45, 70); written by src/dev/measures.py --write\n')
            for name, value in now.items():
                f.write(f'{name}\t{value}\t{targets.get(name, "?")}\n')
        print(f'wrote {os.path.relpath(FIGURES, ROOT)}')
    worse = []
    width = max(len(n) for n in now)
    print(f'{"measure":<{width}}  {"now":>5}  {"committed":>9}  target')
    for name, value in now.items():
        before = committed.get(name)
        mark = '' if before is None or value <= before else '   WORSE'
        if mark:
            worse.append(name)
        print(f'{name:<{width}}  {value:>5}  {before if before is not None else "-":>9}  '
              f'{targets.get(name, "?")}{mark}')
    if '--check' in sys.argv and worse:
        print('measures worse than committed: ' + ', '.join(worse) + ' (make them better, or argue the rule in'
              ' src/dev/measures.py)', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
