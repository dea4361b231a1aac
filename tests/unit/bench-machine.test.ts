import { describe, expect, it } from 'vitest';
import { cpus } from 'node:os';
import { formatMachine, readMachine } from '../../bench/machine.ts';

const EPYC = `processor\t: 0
vendor_id\t: AuthenticAMD
cpu family\t: 26
model\t\t: 2
model name\t: AMD EPYC
stepping\t: 1
cpu MHz\t\t: 2096.022
flags\t\t: fpu vme de pse hypervisor lahf_lm

processor\t: 1
vendor_id\t: AuthenticAMD
cpu family\t: 25
model\t\t: 9
`;

describe('readMachine', () => {
  it('should read family, model, stepping, clock and the hypervisor flag of the first CPU', () => {
    const machine = readMachine(EPYC);
    expect(machine.identity).toBe('family 26 model 2 stepping 1');
    expect(machine.mhz).toBe(2096);
    expect(machine.virtual).toBe(true);
    expect(machine.cores).toBe(cpus().length);
  });

  it('should leave out what /proc/cpuinfo does not say', () => {
    const machine = readMachine('');
    expect(machine.identity).toBeUndefined();
    expect(machine.mhz).toBeUndefined();
    expect(machine.virtual).toBe(false);
    expect(machine.model.length).toBeGreaterThan(0);
  });

  it('should not take a flag named like hypervisor for the flag itself', () => {
    expect(readMachine('flags\t: fpu not_hypervisor_x\n').virtual).toBe(false);
  });
});

describe('formatMachine', () => {
  const machine = {
    model: 'AMD EPYC',
    identity: 'family 26 model 2 stepping 1',
    mhz: 2096,
    cores: 2,
    virtual: true,
  };

  it('should name the CPU, its details, the cores and the load at start and end', () => {
    expect(formatMachine(machine, { start: 0.4, end: 2.125 })).toBe(
      'Machine: AMD EPYC (family 26 model 2 stepping 1, 2096 MHz, virtual machine), 2 cores; load average (1 min) 0.40 at the start, 2.13 at the end.',
    );
  });

  it('should name a single core and leave out details it does not have', () => {
    expect(
      formatMachine(
        { model: 'Apple M2', identity: undefined, mhz: undefined, cores: 1, virtual: false },
        { start: 1, end: 1 },
      ),
    ).toBe('Machine: Apple M2, 1 core; load average (1 min) 1.00 at the start, 1.00 at the end.');
  });
});
