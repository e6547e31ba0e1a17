// The Cooley-Tukey butterfly of the Kyber NTT on reduced values, with its result registers:
//   sum  = (u + t) mod q
//   diff = (u - t) mod q
// where t = zeta * f[j + len] mod q comes from the multiplier. Both are loaded at a rising edge
// with `en` high. u and t are in [0, q), so u + t is below 2q and u - t above -q: one correction
// each, a multiplexer on the size or the sign of the raw result, the same path for every value.
`default_nettype none
module ntt_butterfly (
    input  wire         clk,
    input  wire         en,
    input  wire  [11:0] u,
    input  wire  [11:0] t,
    output logic [11:0] sum,
    output logic [11:0] diff
);
  localparam logic [12:0] Q = 13'd3329;

  always_ff @(posedge clk) begin
    if (en) begin
      // u + t, less q when it reaches q.
      sum <= ({1'b0, u} + {1'b0, t} >= Q) ? 12'({1'b0, u} + {1'b0, t} - Q) : u + t;
      // u - t, plus q when it is negative.
      diff <= (u >= t) ? u - t : 12'({1'b0, u} + Q - {1'b0, t});
    end
  end
endmodule
`default_nettype wire
