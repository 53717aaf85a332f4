#!/usr/bin/env python3
"""Joins measure.sh's per-file rows and the validator's verdicts into OUT/results.tsv and writes
OUT/summary.md (markdown tables, pasted into docs/conversion.md).
Usage: summarise.py OUT_DIR [CORPUS_DIR] (CORPUS_DIR is left out of the paths in messages)"""
import collections, glob, os, sys

out = os.path.abspath(sys.argv[1])
corpus = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else '//'
valid = {}
for line in open(os.path.join(out, 'valid.tsv'), encoding='utf-8', errors='replace'):
    f, n, text = (line.rstrip('\n').split('\t') + ['', ''])[:3]
    valid[os.path.basename(f)[:-4]] = (int(n), text)

COLS = ['n', 'repo', 'path', 'format', 'kind', 'writer', 'info_status', 'info_s', 'info_error',
        'convert_status', 'convert_s', 'convert_error']
rows = []
for p in glob.glob(os.path.join(out, 'rows', '*.tsv')):
    r = dict(zip(COLS, open(p, encoding='utf-8', errors='replace').read().rstrip('\n').split('\t')))
    r['writer'] = r['writer'].replace('|', '/')  # a table cell
    for k in ('n', 'info_status', 'convert_status'):
        r[k] = int(r[k])
    crashed = [c for c in ('info', 'convert') if r[c + '_status'] >= 124]
    r['crashed'] = ','.join(f"{c} ({'time limit' if r[c + '_status'] in (124, 137) else 'signal %d' % (r[c + '_status'] - 128)})"
                            for c in crashed) or '-'
    v = valid.get(str(r['n']))
    r['glb_valid'] = '-' if r['convert_status'] != 0 else 'not validated' if v is None else 'yes' if v[0] == 0 else 'no'
    r['validator_errors'] = v[1] if v and v[0] else '-'
    rows.append(r)
rows.sort(key=lambda r: r['n'])
cols = COLS + ['crashed', 'glb_valid', 'validator_errors']
with open(os.path.join(out, 'results.tsv'), 'w', encoding='utf-8') as fh:
    fh.write('\t'.join(cols) + '\n')
    for r in rows:
        fh.write('\t'.join(str(r[c]) for c in cols) + '\n')

def pct(a, b):
    return f'{100.0 * a / b:.1f}%' if b else '-'

opened = [r for r in rows if r['info_status'] == 0]
written = [r for r in opened if r['convert_status'] == 0]
valid_glb = [r for r in written if r['glb_valid'] == 'yes']
crashes = [r for r in rows if r['crashed'] != '-']
repos = {r['repo'] for r in rows}
kind = lambda r: r['format'].split()[0].replace('fbx-', 'fbx ')
L = []
L.append(f"{len(rows)} files from {len(repos)} repositories; {len({r['writer'] for r in rows})} distinct writer strings.\n")
L.append('| | files | opened | written to .glb (of opened) | .glb valid (of opened) | crashed or hung |')
L.append('|---|---|---|---|---|---|')
groups = collections.OrderedDict()
for r in rows:
    groups.setdefault(kind(r), []).append(r)
for name, rs in list(groups.items()) + [('**all**', rows)]:
    o = [r for r in rs if r['info_status'] == 0]
    w = [r for r in o if r['convert_status'] == 0]
    v = [r for r in w if r['glb_valid'] == 'yes']
    c = [r for r in rs if r['crashed'] != '-']
    L.append(f'| {name} | {len(rs)} | {len(o)} ({pct(len(o), len(rs))}) | {len(w)} ({pct(len(w), len(o))}) | '
             f'{len(v)} ({pct(len(v), len(o))}) | {len(c)} |')
times = sorted(float(r['info_s']) for r in opened)
if times:
    L.append(f"\n`info` time of opened files: median {times[len(times) // 2]:.3f} s, largest {times[-1]:.3f} s.")
L.append('\n### Crashes and hangs\n')
L.append('| file | writer | what |')
L.append('|---|---|---|')
for r in crashes:
    L.append(f"| {r['repo']}: `{r['path']}` | {r['writer']} | {r['crashed']}: {r['info_error'] if 'info' in r['crashed'] else r['convert_error']} |")
if not crashes:
    L.append('| none | | |')


def failures(title, rows, message):
    """A table of the rows given, with the message each had (paths shown from the corpus folder)."""
    L.append(f'\n### {title}\n')
    L.append('| file | format | writer | message |')
    L.append('|---|---|---|---|')
    for r in rows:
        text = r[message].replace(corpus + os.sep, '').replace(out + os.sep, '').replace('|', '/')
        L.append(f"| {r['repo']}: `{r['path']}` | {r['format']} | {r['writer']} | {text} |")
    if not rows:
        L.append('| none | | | |')


failures('Files that do not open', [r for r in rows if r['info_status'] != 0], 'info_error')
failures('Opened, but not written to .glb', [r for r in opened if r['convert_status'] != 0], 'convert_error')
failures('Written, but the validator finds errors', [r for r in written if r['glb_valid'] != 'yes'], 'validator_errors')
open(os.path.join(out, 'summary.md'), 'w', encoding='utf-8').write('\n'.join(L) + '\n')
print('\n'.join(L[:12]))
