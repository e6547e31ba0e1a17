import { describe, expect, it } from 'vitest';
import { isFatalLine, levelOfLine } from '../../src/engine/simulation/line-level.js';
import { isFailLine, outputConventions, TestProtocol } from '../../src/engine/simulation/test-protocol.js';

describe('TestProtocol', () => {
  it('reads TESTS, START, PASS and FAIL lines, timing each test from its START', () => {
    const protocol = new TestProtocol();
    expect(protocol.accept('TESTS 3', 0)).toBe(true);
    expect(protocol.total).toBe(3);
    expect(protocol.accept('TEST reset START', 1)).toBe(false);
    expect(protocol.inProgress).toBe('reset');
    expect(protocol.accept('TEST reset PASS', 1.5)).toBe(true);
    expect(protocol.inProgress).toBeNull();
    expect(protocol.accept('  TEST count FAIL count is 2, expected 3  ', 2)).toBe(true);
    expect(protocol.accept('- tb.sv:40: Verilog $finish', 2.1)).toBe(false);
    expect(protocol.finish(null, 2.2)).toBe(false);
    expect(protocol.tests).toEqual([
      { name: 'reset', status: 'passed', time_seconds: 0.5 },
      // No START: timed from the end of the previous test.
      { name: 'count', status: 'failed', reason: 'count is 2, expected 3', time_seconds: 0.5 },
    ]);
    expect([protocol.completed, protocol.total]).toEqual([2, 3]);
  });

  it('counts the finished tests as the total when none is announced, or more than announced ran', () => {
    const protocol = new TestProtocol();
    protocol.accept('TEST a PASS', 0);
    expect([protocol.completed, protocol.total]).toEqual([1, 1]);
    protocol.accept('TESTS 1', 0);
    protocol.accept('TEST b PASS', 0);
    expect([protocol.completed, protocol.total]).toEqual([2, 2]);
  });

  it('ignores lines that only resemble the protocol', () => {
    const protocol = new TestProtocol();
    for (const line of [
      'TEST',
      'TEST a',
      'TEST a pass',
      'TESTS three',
      'XTEST a PASS',
      'TEST a PASSED',
      'test a PASS',
    ]) {
      expect(protocol.accept(line, 0)).toBe(false);
    }
    expect(protocol.tests).toEqual([]);
  });

  it('gives a FAIL without a reason one', () => {
    const protocol = new TestProtocol();
    protocol.accept('TEST a FAIL', 0);
    expect(protocol.tests[0]?.reason).toBe('the testbench reported FAIL');
  });

  it('fails the test in progress when the simulation ends abnormally', () => {
    const protocol = new TestProtocol();
    protocol.accept('TEST a PASS', 1);
    protocol.accept('TEST b START', 2);
    expect(protocol.finish('FATAL: tb.sv:9: boom', 5)).toBe(true);
    expect(protocol.tests.at(-1)).toEqual({
      name: 'b',
      status: 'failed',
      reason: 'FATAL: tb.sv:9: boom',
      time_seconds: 3,
    });
  });

  it('records an abnormal end outside any test as <simulation>', () => {
    const protocol = new TestProtocol();
    protocol.accept('TEST a PASS', 1);
    protocol.finish('the simulation exited with code 3', 2);
    expect(protocol.tests.at(-1)).toMatchObject({
      name: '<simulation>',
      status: 'failed',
      reason: 'the simulation exited with code 3',
    });
  });

  it('fails a test that started but never reported in a run that ended normally', () => {
    const protocol = new TestProtocol();
    protocol.accept('TEST a START', 0);
    expect(protocol.finish(null, 1)).toBe(true);
    expect(protocol.tests).toEqual([
      {
        name: 'a',
        status: 'failed',
        reason: 'the test started but reported neither PASS nor FAIL',
        time_seconds: 1,
      },
    ]);
  });
});

describe('TestProtocol conventions (no TEST line)', () => {
  const run = (
    lines: readonly string[],
    abnormalEnd: string | null = null,
    protocol = new TestProtocol(),
  ) => {
    lines.forEach((line, index) => protocol.accept(line, index));
    protocol.finish(abnormalEnd, lines.length);
    return protocol.tests;
  };

  it.each([
    'PASSED',
    'PASS',
    '*** PASSED ***',
    '=== TEST PASSED ===',
    'ALL TESTS PASSED',
    'All 12 tests passed.',
    'Test passed',
    'Simulation PASSED',
    'TEST PASSED CHECKS',
    'UVM_ERROR :    0',
  ])('reads %j as one passed test', (line) => {
    expect(run(['reset done', line, '- tb.sv:9: Verilog $finish'])).toEqual([
      { name: '<simulation>', status: 'passed', time_seconds: 3 },
    ]);
  });

  it.each([
    'FAILED',
    'FAIL',
    '*** FAILED ***',
    'TEST FAILED',
    'Test failed: sum is 3, expected 4',
    '2 tests failed',
    'Simulation FAILED',
    'TEST FAILED CHECKS',
    'ERROR: mismatch at 0x10',
    'Error: mismatch',
    'ERROR: tb.sv:12: $error from Icarus',
    'UVM_ERROR :    2',
    'UVM_FATAL :    1',
    'UVM_ERROR tb.sv(12) @ 100: uvm_test_top [SCB] mismatch',
  ])('reads %j as one failed test whose reason it is, even after a PASSED line', (line) => {
    expect(run(['PASSED', line, 'PASSED'])).toEqual([
      { name: '<simulation>', status: 'failed', reason: line, time_seconds: 3 },
    ]);
  });

  it.each([
    '0 tests failed',
    'Failures: 0',
    'Errors: 0',
    'UVM_FATAL :    0',
    'pass_count = 3',
    'Password check',
    'Passing reset phase',
    '%Error: tb.sv:3: from Verilator',
    'WARNING: tb.sv:4: careful',
    'tests: 0 passed',
  ])('reads %j as no verdict', (line) => {
    expect(run([line])).toEqual([]);
  });

  it('fails the one test when the run ends abnormally after a PASSED line', () => {
    expect(run(['PASSED'], 'the simulation ran out of events without calling $finish')).toEqual([
      {
        name: '<simulation>',
        status: 'failed',
        reason: 'the simulation ran out of events without calling $finish',
        time_seconds: 1,
      },
    ]);
  });

  it('leaves the verdict to TEST lines when there are some, before or after', () => {
    expect(run(['FAILED', 'TEST a PASS']).map((t) => [t.name, t.status])).toEqual([['a', 'passed']]);
    expect(run(['TEST a PASS', 'FAILED']).map((t) => [t.name, t.status])).toEqual([['a', 'passed']]);
    expect(run(['TESTS 1', 'PASSED'])).toEqual([]);
  });

  it('takes the patterns and the test name given', () => {
    const conventions = outputConventions({ pass_pattern: '^OK$', fail_pattern: '^NOT OK' }, 'tb_top');
    expect(run(['PASSED', 'OK'], null, new TestProtocol(conventions))).toEqual([
      { name: 'tb_top', status: 'passed', time_seconds: 2 },
    ]);
    expect(run(['OK', 'NOT OK: 3'], null, new TestProtocol(conventions))).toEqual([
      { name: 'tb_top', status: 'failed', reason: 'NOT OK: 3', time_seconds: 2 },
    ]);
    expect(run(['FAILED'], null, new TestProtocol(conventions))).toEqual([]);
  });
});

describe('line levels', () => {
  it.each([
    // Verilator build and simulation
    ['%Warning-TIMESCALEMOD: rtl/counter.sv:2:8: Timescale missing on this module', 'WARNING'],
    ["%Error: tb/tb.sv:7:3: syntax error, unexpected initial, expecting ',' or ';'", 'ERROR'],
    ['%Error: Exiting due to 1 error(s)', 'ERROR'],
    ['[160000] %Error: tb_fatal.sv:20: Assertion failed in TOP.tb_fatal: no wrap', 'ERROR'],
    ['[20] %Warning: tb.sv:3: careful', 'WARNING'],
    ['- tb/tb_pass.sv:40: Verilog $finish', 'INFO'],
    ['Aborting...', 'INFO'],
    // Icarus Verilog
    ['tb/tb_syntax_error.sv:7: syntax error', 'ERROR'],
    ['tb/tb.sv:6: error: Invalid module instantiation', 'ERROR'],
    ['1 error(s) during elaboration.', 'ERROR'],
    ['FATAL: tb/tb_fatal.sv:20: no wrap after 15 cycles', 'ERROR'],
    ['ERROR: tb.sv:4: bad thing', 'ERROR'],
    ['WARNING: tb.sv:4: warn thing', 'WARNING'],
    ['warning: Found both default and explicit timescale based delays. Use', 'WARNING'],
    ['       Time: 160000 Scope: tb_fatal', 'INFO'],
    ['FST info: dumpfile trace.fst opened for output.', 'INFO'],
    // The C++ compiler and make
    ['simulation_main.cpp:12:5: error: expected ; before }', 'ERROR'],
    ['make: *** [Vtestbench.mk:62: simulation] Error 1', 'ERROR'],
    ['make: Entering directory /tmp/work/model', 'INFO'],
    // The test protocol
    ['TEST count FAIL count is 2', 'ERROR'],
    ['TEST error_handling PASS', 'INFO'],
    ['TEST warning_flags PASS', 'INFO'],
  ])('%s is %s', (line, level) => {
    expect(levelOfLine(line)).toBe(level);
  });

  it('knows fatal messages and FAIL lines', () => {
    expect(isFatalLine('FATAL: tb.sv:3: boom')).toBe(true);
    expect(isFatalLine('[40] %Fatal: tb.sv:3: boom')).toBe(true);
    expect(isFatalLine('ERROR: tb.sv:3: bad')).toBe(false);
    expect(isFailLine('TEST a FAIL why')).toBe(true);
    expect(isFailLine('TEST a PASS')).toBe(false);
  });
});
