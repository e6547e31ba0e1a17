// VARIANT missing-reduction: replaces rtl/ntt_butterfly.sv. The bug: the difference is not corrected.
//
// u - t is computed in 12 bits and kept as it is. When t > u it wraps around modulo 4096, not
// modulo q: the result is u - t + 4096 where it should be u - t + 3329, 767 too large (and no
// longer below q). It is the arithmetic of a power-of-two modulus, carried over by mistake; the
// error then spreads through the later layers, and most output coefficients are wrong.
//
// The Cooley-Tukey butterfly of the Kyber NTT on reduced values, with its result registers:
//   sum  = (u + t) mod q
//   diff = (u - t) mod q
// where t = zeta * f[j + len] mod q comes from the multiplier. Both are loaded at a rising edge
// with `en` high.
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
      // u - t (the correction of a negative difference, + q, is missing).
      diff <= u - t;
    end
  end
endmodule
`default_nettype wire
