#!/usr/bin/env python3
# The n / 8n scaling table of every loader in a release build (issue 24).
#   STORYGRAPH_SCALING_DIR=/tmp/scaling swift test --filter LoaderScalingTests   # writes the files
#   swift build -c release --product storygraph-bench
#   Benchmarks/loader-scaling.py /tmp/scaling
# Each file is loaded by `storygraph-bench FILE --ops load` (fastest of 7 runs); a file the
# loader refuses (the 8n YAML aliases) is timed as a whole process.
import glob, json, os, subprocess, sys, time

folder = sys.argv[1] if len(sys.argv) > 1 else '/tmp/scaling'
bench = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '.build', 'release', 'storygraph-bench')

def fastest(path):
    run = subprocess.run([bench, path, '--ops', 'load', '--reps', '7'], capture_output=True, text=True)
    try:
        line = json.loads(run.stdout.strip().splitlines()[-1])
        return min(line['samples_ms']), line['result']
    except (IndexError, ValueError, KeyError):
        begin = time.time()
        subprocess.run([bench, path, '--ops', 'load', '--reps', '1'], capture_output=True)
        return None, 'refused (%.1f ms, whole process)' % ((time.time() - begin) * 1000)

print('| loader | n | t(n) ms | 8n | t(8n) ms | ratio |')
print('|---|---|---|---|---|---|')
for small in sorted(glob.glob(os.path.join(folder, '*-n-*'))):
    name = os.path.basename(small).split('-n-')[0]
    large = small.replace('-n-', '-8n-')
    a, what_a = fastest(small)
    b, what_b = fastest(large)
    ratio = '%.1f' % (b / a) if a and b else '-'
    show = lambda t: '-' if t is None else '%.2f' % t
    print(f'| {name} | {what_a} | {show(a)} | {what_b} | {show(b)} | {ratio} |', flush=True)
