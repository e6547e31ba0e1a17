// Modular multiplier of the NTT: p = a * b mod 3329, with a start/ready handshake.
//
// `start` high at a rising edge takes the operands; `ready` is high for one cycle, one cycle later,
// with the product in `p`. The core may start the next multiplication in the cycle `ready` is
// high, so it multiplies once per cycle. The latency never depends on the operands: the
// 12 x 12-bit product and its Barrett reduction are one cycle of logic, and the final correction
// is a multiplexer, not a branch.
//
// Barrett reduction with k = 24: m = floor(2^24 / q) = 5039. For x < 2^24 the quotient estimate
// floor(x * m / 2^24) is at most one below floor(x / q), so x - qhat * q lies in [0, 2q) and one
// conditional subtraction of q finishes the reduction. Operands up to 4095 keep x below 2^24.
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

  function automatic logic [11:0] mul_mod_q(input logic [11:0] x1, input logic [11:0] x2);
    logic [23:0] x;     // x1 * x2
    logic [12:0] qhat;  // floor(x * m / 2^24)
    logic [12:0] r;     // x - qhat * q, in [0, 2q): exact in 13 bits
    x = {12'd0, x1} * {12'd0, x2};
    qhat = 13'(({13'd0, x} * {24'd0, BARRETT_M}) >> 24);
    r = x[12:0] - 13'(qhat * Q);
    mul_mod_q = (r >= Q) ? 12'(r - Q) : r[11:0];
  endfunction

  always_ff @(posedge clk) begin
    if (rst) ready <= 1'b0;
    else ready <= start;
    if (start) p <= mul_mod_q(a, b);
  end
endmodule
`default_nettype wire
