import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleEdges, TraceSignalError } from '../../../src/engine/crypto/edge-sampler.js';
import { mostCommon, operationSpans } from '../../../src/engine/crypto/timing.js';

/**
 * A hand-written VCD in the shape Icarus writes: the design `tb.dut` with a clock, start, done,
 * a 4-bit register `r` and a 2-bit wire `w` of a child scope. Register updates share the time
 * stamp of the rising edge they follow, so the sample at an edge is the value before it.
 */
const VCD = `$date today $end
$timescale 1ns $end
$scope module tb $end
$var reg 1 # other $end
$scope module dut $end
$var wire 1 ! clk $end
$var wire 1 " start $end
$var wire 1 $ done $end
$var reg 4 % r [3:0] $end
$scope module child $end
$var wire 2 & w [1:0] $end
$upscope $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
0!
0"
0$
b0 %
b0 &
0#
$end
#5
1!
#10
0!
1"
b1111 %
#15
1!
b101 %
0"
#20
0!
b11 &
#25
1!
1$
#30
0!
#35
1!
0$
b0 %
`;

function vcdFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'edges-')), 'trace.vcd');
  writeFileSync(path, text);
  return path;
}

describe('sampling a VCD trace at rising clock edges', () => {
  it('counts the bits that differ between successive samples, and the edges each port was high', async () => {
    const trace = await sampleEdges(vcdFile(VCD), {
      scope: 'tb.dut',
      clock: 'clk',
      watch: ['start', 'done'],
    });
    // Edges at 5, 15, 25, 35. Samples (values just before each edge):
    //   5: r=0000 w=00 start=0 done=0   (first: no difference counted)
    //  15: r=1111 start=1               -> 4 bits of r, 1 of start = 5
    //  25: r=0101 w=11 start=0          -> r 1111->0101: 2, w: 2, start: 1 = 5
    //  35: done=1                       -> 1
    // end: done=0 r=0000 clk=1          -> 1 + 2 + 1 (the end of the trace counts as a last edge;
    //                                      the clock is sampled high there, as nowhere else)
    expect(trace.power).toEqual([0, 5, 5, 1, 4]);
    expect(trace.highAt.get('start')).toEqual([1]);
    expect(trace.highAt.get('done')).toEqual([3]);
    expect(operationSpans(trace, 'start', 'done')).toEqual([{ startEdge: 1, latency: 2 }]);
  });

  it('names the signal the trace lacks', async () => {
    await expect(sampleEdges(vcdFile(VCD), { scope: 'tb.dut', clock: 'clk', watch: ['go'] })).rejects.toThrow(
      new TraceSignalError('the trace has no signal tb.dut.go'),
    );
    await expect(sampleEdges(vcdFile(VCD), { scope: 'tb.core', clock: 'clk', watch: [] })).rejects.toThrow(
      'the trace has no signal tb.core.clk',
    );
  });
});

describe('operation spans', () => {
  const trace = (start: number[], done: number[]) => ({
    power: [],
    highAt: new Map([
      ['start', start],
      ['done', done],
    ]),
  });

  it('counts a start held over several edges once, and leaves an unanswered one without latency', () => {
    expect(operationSpans(trace([2, 3, 10, 20], [7, 7, 15]), 'start', 'done')).toEqual([
      { startEdge: 2, latency: 5 },
      { startEdge: 10, latency: 5 },
      { startEdge: 20, latency: null },
    ]);
  });

  it('takes the most common latency, the smaller of a tie', () => {
    expect(mostCommon([7, 7, 9, 9, 8]).mode).toBe(7);
    expect([...mostCommon([3, 3, 4]).histogram]).toEqual([
      [3, 2],
      [4, 1],
    ]);
  });
});
