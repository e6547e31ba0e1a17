// VARIANT variable-time: replaces rtl/ntt_mulmod.sv. The bug: an early-out multiplier.
//
// An area-saving rewrite of the modular multiplier: one 12 x 6-bit multiplier used twice, for the
// low and the high six bits of the coefficient `a`, like the iterative multipliers of small CPUs.
// And, like the early-terminating multipliers of those CPUs, it skips the second pass when the
// high bits of `a` are all zero: a coefficient below 64 is multiplied in one cycle, any other in
// two. The result is still right; the time it takes depends on the data. About 2 % of the
// coefficients are below 64, so a transform's 896 multiplications finish a few cycles earlier or
// later from one input to the next, and the NTT's latency tells an observer how many small values
// its intermediate coefficients held.
//
// Handshake as before: `start` takes the operands, `ready` is high for one cycle with the product
// in `p`, now one or two cycles after `start`.
`default_nettype none
module ntt_mulmod (
    input  wire         clk,
    input  wire         rst,
    input  wire         start,
    input  wire  [11:0] a,      // the coefficient
    input  wire  [11:0] b,      // the twiddle factor
    output logic        ready,
    output logic [11:0] p
);
  localparam logic [12:0] Q = 13'd3329;
  localparam logic [12:0] BARRETT_M = 13'd5039;

  // x mod q for x < 2^24 (Barrett, k = 24, m = floor(2^24 / q) = 5039).
  function automatic logic [11:0] reduce(input logic [23:0] x);
    logic [12:0] qhat;  // floor(x * m / 2^24)
    logic [12:0] r;     // x - qhat * q, in [0, 2q)
    qhat = 13'(({13'd0, x} * {24'd0, BARRETT_M}) >> 24);
    r = x[12:0] - 13'(qhat * Q);
    reduce = (r >= Q) ? 12'(r - Q) : r[11:0];
  endfunction

  logic busy;            // the second pass is due
  logic [17:0] low;      // b * a[5:0], from the first pass
  logic [5:0] a_high;
  logic [11:0] b_held;

  always_ff @(posedge clk) begin
    if (rst) begin
      ready <= 1'b0;
      busy <= 1'b0;
    end else begin
      ready <= 1'b0;
      if (busy) begin
        // Second pass: add b * a[11:6] * 64, then reduce.
        p <= reduce({6'd0, low} + {{6'd0, b_held} * {12'd0, a_high}, 6'd0});
        ready <= 1'b1;
        busy <= 1'b0;
      end else if (start) begin
        if (a[11:6] == 6'd0) begin
          // Early out: the high partial product is zero.
          p <= reduce({6'd0, {6'd0, b} * {12'd0, a[5:0]}});
          ready <= 1'b1;
        end else begin
          low <= {6'd0, b} * {12'd0, a[5:0]};
          a_high <= a[11:6];
          b_held <= b;
          busy <= 1'b1;
        end
      end
    end
  end
endmodule
`default_nettype wire
