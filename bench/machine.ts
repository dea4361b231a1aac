// The machine a benchmark ran on, named in its report: figures from two machines differ by more
// than any change measured here (0.83 against 0.38 of the same ceiling, issue 25), so every run
// says which CPU it had, how many cores, and how busy the machine was when it started and ended.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export interface Machine {
  /** The CPU's model name (`os.cpus()`), such as "AMD EPYC" on a virtual machine that hides more. */
  readonly model: string;
  /** Family, model and stepping from /proc/cpuinfo (x86), which tell generations apart when the name does not. */
  readonly identity: string | undefined;
  /** The clock /proc/cpuinfo reports, in MHz. */
  readonly mhz: number | undefined;
  readonly cores: number;
  /** Whether the CPU reports a hypervisor (the `hypervisor` flag): its cores may be shared. */
  readonly virtual: boolean;
}

/** Reads the machine from `os.cpus()` and the text of /proc/cpuinfo (empty where there is none). */
export function readMachine(cpuinfo: string = readCpuinfo()): Machine {
  const first = cpuinfo.split(/\n\s*\n/)[0] ?? '';
  const field = (name: string) =>
    new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm').exec(first)?.[1]?.trim() || undefined;
  const list = cpus();
  const family = field('cpu family');
  const model = field('model');
  const stepping = field('stepping');
  const mhz = Number(field('cpu MHz'));
  return {
    model: list[0]?.model.trim() || field('model name') || 'unknown CPU',
    identity:
      family !== undefined && model !== undefined
        ? `family ${family} model ${model}${stepping === undefined ? '' : ` stepping ${stepping}`}`
        : undefined,
    mhz: Number.isFinite(mhz) && mhz > 0 ? Math.round(mhz) : undefined,
    cores: list.length,
    virtual: /^flags\s*:.*\bhypervisor\b/m.test(first),
  };
}

function readCpuinfo(): string {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}

/** The one-minute load average now (0 where the platform has none, as on Windows). */
export function readLoadAverage(): number {
  return loadavg()[0] ?? 0;
}

/**
 * One sentence naming the machine and its one-minute load average at the start and end of what
 * was measured. The benchmark itself keeps about two processes busy (a server and the load
 * generator), so a load well above that means other work shared the cores.
 */
export function formatMachine(
  machine: Machine,
  load: { readonly start: number; readonly end: number },
): string {
  const details = [
    machine.identity,
    machine.mhz === undefined ? undefined : `${machine.mhz} MHz`,
    machine.virtual ? 'virtual machine' : undefined,
  ].filter((detail) => detail !== undefined);
  return `Machine: ${machine.model}${details.length > 0 ? ` (${details.join(', ')})` : ''}, ${machine.cores} ${machine.cores === 1 ? 'core' : 'cores'}; load average (1 min) ${load.start.toFixed(2)} at the start, ${load.end.toFixed(2)} at the end.`;
}
