/**
 * Reads the code samples of a built page and runs them as written, every block of one kind in
 * one process where the language allows (Node imports each block as a module, Python `exec`s
 * each), so a pass over every page costs one interpreter start per kind, not one per block.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Parser } from 'htmlparser2';
import { ROOT } from './processes.ts';
import { cacheFolder } from './run-temp.ts';

const run = promisify(execFile);

/**
 * How a block runs: curl under sh, JavaScript (fetch) and the TypeScript SDK sample under this
 * Node 24, Python (httpx) under Debian's Python 3, the Python SDK sample under a Python with `mcp`.
 */
export type SampleKind = 'sh' | 'javascript' | 'python' | 'typescript-sdk' | 'python-sdk';

/** One code block of a page: its kind (by its sample tab, else its language) and its code. */
export interface PageBlock {
  readonly kind: SampleKind | 'json' | 'other';
  /** The block's accessible name (its copy button's), from its wrapper's `data-label`. */
  readonly label: string;
  readonly code: string;
}

/** Debian's Python 3 with python3-httpx (installed by .ci/run); another can be named. */
export const PYTHON_PATH = process.env.PYTHON_PATH ?? '/usr/bin/python3';

const SAMPLE_TABS: Readonly<Record<string, SampleKind>> = {
  'typescript-sdk': 'typescript-sdk',
  'python-sdk': 'python-sdk',
};

const LANGUAGES: Readonly<Record<string, SampleKind | 'json'>> = {
  sh: 'sh',
  javascript: 'javascript',
  python: 'python',
  json: 'json',
};

/**
 * The code blocks of a page as a reader copies them (Shiki's spans dropped, entities decoded):
 * each `<code class="language-…">`, its kind named by the sample tab around it (the SDK samples)
 * or by its language.
 */
export function readPageBlocks(html: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  const tabs: (string | undefined)[] = [];
  const labels: (string | undefined)[] = [];
  let open: { kind: PageBlock['kind']; label: string; text: string[] } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        tabs.push(attributes['data-sample-language']);
        labels.push(attributes['data-label']);
        const language = /(?:^|\s)language-([\w-]+)/.exec(attributes.class ?? '')?.[1];
        if (name !== 'code' || !language) return;
        const tab = tabs.findLast((entry) => entry !== undefined);
        open = {
          kind: SAMPLE_TABS[tab ?? ''] ?? LANGUAGES[language] ?? 'other',
          label: labels.findLast((entry) => entry !== undefined) ?? '',
          text: [],
        };
      },
      ontext(text) {
        open?.text.push(text);
      },
      onclosetag(name) {
        tabs.pop();
        labels.pop();
        if (name !== 'code' || !open) return;
        blocks.push({ kind: open.kind, label: open.label, code: open.text.join('') });
        open = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return blocks;
}

/** What one block printed, or why it failed. */
export interface BlockOutput {
  readonly ok: boolean;
  readonly stdout: string;
  readonly error?: string;
}

/** Runs a block's module in Node, capturing what it logs; one process for all of them. */
const NODE_DRIVER = `
import { format } from 'node:util';
import { pathToFileURL } from 'node:url';
const files = JSON.parse(process.argv[2]);
const results = [];
for (const file of files) {
  const lines = [];
  const log = console.log;
  console.log = (...args) => lines.push(format(...args));
  let timer;
  try {
    await Promise.race([
      import(pathToFileURL(file).href),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timed out after 10 s')), 10_000); }),
    ]);
    results.push({ ok: true, stdout: lines.map((line) => line + '\\n').join('') });
  } catch (error) {
    results.push({ ok: false, stdout: lines.join('\\n'), error: String(error?.stack ?? error) });
  } finally {
    clearTimeout(timer);
    console.log = log;
  }
}
// Exit once the answer is written: a pipe takes 64 KB at a time, and process.exit() right after
// write() cut the answer short (a block may leave a socket open, so the loop may never end alone).
process.stdout.write(JSON.stringify(results), () => process.exit(0));
`;

/** Runs each block with exec, capturing what it prints; one process for all of them. */
const PYTHON_DRIVER = `
import contextlib, functools, io, json, sys, traceback
try:
    # Each httpx.get/post makes a client, and each client loads the CA store (170 ms): made once
    # here, the same context every sample would make (none of them sets TLS options).
    import httpx._config, httpx._transports.default
    shared = functools.lru_cache(maxsize=None)(httpx._config.create_ssl_context)
    httpx._config.create_ssl_context = httpx._transports.default.create_ssl_context = shared
except ImportError:
    pass
results = []
for code in json.load(sys.stdin):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "<sample>", "exec"), {"__name__": "__main__"})
        results.append({"ok": True, "stdout": out.getvalue()})
    except BaseException:
        results.append({"ok": False, "stdout": out.getvalue(), "error": traceback.format_exc()})
sys.stdout.write(json.dumps(results))
`;

/** Where the blocks are written, with the project's node_modules beside them for the SDK. */
let workDir: Promise<string> | undefined;
function prepareWorkDir(): Promise<string> {
  workDir ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sample-runners-'));
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    // curl reports each answer's status after its body, without changing the commands.
    await writeFile(join(dir, '.curlrc'), 'write-out = "\\n%{http_code}"\n');
    await writeFile(join(dir, 'driver.mjs'), NODE_DRIVER);
    return dir;
  })();
  return workDir;
}

let batches = 0;

/** Every block in one Node process, each as a module (`.mts` for TypeScript: Node strips types). */
async function runNodeBlocks(
  codes: readonly string[],
  typescript: boolean,
): Promise<BlockOutput[]> {
  const dir = await prepareWorkDir();
  const batch = join(dir, `batch-${(batches += 1)}`);
  await mkdir(batch);
  const files = await Promise.all(
    codes.map(async (code, index) => {
      const file = join(batch, `block-${index}.${typescript ? 'mts' : 'mjs'}`);
      await writeFile(file, code);
      return file;
    }),
  );
  const { stdout } = await run(process.execPath, [join(dir, 'driver.mjs'), JSON.stringify(files)], {
    cwd: dir,
    timeout: 30_000 + codes.length * 10_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as BlockOutput[];
}

/** Every block in one Python process. */
async function runPythonBlocks(python: string, codes: readonly string[]): Promise<BlockOutput[]> {
  const child = execFile(python, ['-c', PYTHON_DRIVER], {
    timeout: 60_000 + codes.length * 10_000,
    maxBuffer: 64 * 1024 * 1024,
    // Python writes its output in UTF-8, as in a UTF-8 terminal, whatever the test's locale.
    env: { ...process.env, PYTHONUTF8: '1' },
  });
  const output = new Promise<string>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve(stdout) : reject(new Error(`${python} exited ${status}: ${stderr}`)),
    );
  });
  child.stdin?.end(JSON.stringify(codes));
  return JSON.parse(await output) as BlockOutput[];
}

/** How long one shell block may run (its curl commands ask the local server). */
const SHELL_BLOCK_SECONDS = 10;

/**
 * Runs each file its arguments name under an sh of its own, one after another, within coreutils'
 * `timeout` (which ends the block's whole process group), leaving the block's output, errors and
 * exit status in files beside it (status 124: timed out). Its own status is 0 whatever the blocks'.
 */
const SHELL_DRIVER = `for block in "$@"; do
  timeout ${SHELL_BLOCK_SECONDS} sh "$block" > "$block.out" 2> "$block.err"
  echo $? > "$block.status"
done`;

/**
 * Each shell block under sh of its own, started by one sh for the batch: forked from the test
 * worker (some hundreds of MB), each block cost the worker 10-14 ms of CPU, more than its curl
 * (40 blocks from a worker of 470 MB: 404-569 ms, against 45-54 ms through the one sh).
 */
async function runShellBlocks(codes: readonly string[]): Promise<BlockOutput[]> {
  const dir = await prepareWorkDir();
  const batch = join(dir, `batch-${(batches += 1)}`);
  await mkdir(batch);
  const files = await Promise.all(
    codes.map(async (code, index) => {
      const file = join(batch, `block-${index}.sh`);
      await writeFile(file, code);
      return file;
    }),
  );
  await run('sh', ['-c', SHELL_DRIVER, 'sh', ...files], {
    timeout: (10 + codes.length * SHELL_BLOCK_SECONDS) * 1000,
    env: { ...process.env, CURL_HOME: dir },
  });
  return Promise.all(
    files.map(async (file): Promise<BlockOutput> => {
      const status = Number((await readFile(`${file}.status`, 'utf8')).trim());
      const stdout = await readFile(`${file}.out`, 'utf8');
      if (status === 0) return { ok: true, stdout };
      const why = status === 124 ? `timed out after ${SHELL_BLOCK_SECONDS} s` : `exited ${status}`;
      return { ok: false, stdout, error: `sh ${why}: ${await readFile(`${file}.err`, 'utf8')}` };
    }),
  );
}

/** Runs blocks of one kind as written; the Python SDK's need the Python that has `mcp`. */
export function runBlocks(
  kind: SampleKind,
  codes: readonly string[],
  mcpPython?: string,
): Promise<BlockOutput[]> {
  if (codes.length === 0) return Promise.resolve([]);
  switch (kind) {
    case 'sh':
      return runShellBlocks(codes);
    case 'javascript':
      return runNodeBlocks(codes, false);
    case 'typescript-sdk':
      return runNodeBlocks(codes, true);
    case 'python':
      return runPythonBlocks(PYTHON_PATH, codes);
    case 'python-sdk':
      if (!mcpPython) throw new Error('The Python SDK samples need a Python with mcp installed');
      return runPythonBlocks(mcpPython, codes);
  }
}

/**
 * The Python with the MCP SDK, kept between runs in the machine's temporary directory (outside
 * the work tree, and outside the run's own folder, which goes when the run ends).
 */
const MCP_VENV = join(cacheFolder(), 'agent-facts-python-mcp');

async function hasMcp(python: string): Promise<boolean> {
  try {
    await run(python, ['-c', 'import mcp'], { timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** Runs a command to completion at a scheduling priority (a nice value). */
async function runAt(
  priority: number,
  command: string,
  args: readonly string[],
  options: { timeout: number; maxBuffer?: number },
) {
  const running = run(command, args, options);
  if (priority !== 0 && running.child.pid !== undefined) setPriority(running.child.pid, priority);
  return running;
}

/**
 * A Python that can run the Python SDK samples: a virtual environment of Debian's Python 3 with
 * `pip install mcp` from the machine's package index, made once and reused, its installation run
 * at the given scheduling priority. Returns the reason instead when it cannot be made (no
 * python3-venv, no index that has `mcp`).
 */
export async function provideMcpPython(
  priority = 0,
): Promise<{ python: string } | { reason: string }> {
  const python = join(MCP_VENV, 'bin', 'python');
  if (await hasMcp(python)) return { python };
  const staging = await mkdtemp(join(cacheFolder(), 'agent-facts-python-mcp-'));
  try {
    await runAt(priority, PYTHON_PATH, ['-m', 'venv', staging], { timeout: 120_000 });
    // No retries: an index this machine cannot reach is passed over at once, not five times.
    await runAt(
      priority,
      join(staging, 'bin', 'python'),
      ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--retries', '0', 'mcp'],
      { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
    );
    // A virtual environment runs from where its python is: made aside, then moved into place.
    await rm(MCP_VENV, { recursive: true, force: true });
    await rename(staging, MCP_VENV);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const message = String((error as { stderr?: string }).stderr || error).trim();
    return { reason: message.split('\n').slice(-3).join(' ') };
  }
  return (await hasMcp(python))
    ? { python }
    : { reason: `${python} was made but cannot import mcp` };
}
