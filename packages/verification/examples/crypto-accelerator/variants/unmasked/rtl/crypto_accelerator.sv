// VARIANT unmasked: replaces rtl/crypto_accelerator.sv. The bug: the shares are joined at the input.
//
// The two shares are added back together as soon as they arrive, a = (a_share0 + a_share1) mod q,
// and core_share0 transforms the secret itself while core_share1 transforms zeros (y_share1 = 0).
// It is the kind of change made during bring-up, to compare y_share0 with a software NTT directly,
// and left in: y_share0 + y_share1 is still NTT(a), so every functional test passes. But every
// register of core_share0 now holds a value that depends on the secret alone, with no fresh
// randomness, and the power trace follows it: the fixed-secret traces of TVLA are all alike while
// the random-secret ones vary, and the t statistic is far beyond 4.5 all along the transform.
//
// A small ML-KEM (Kyber) style accelerator with three independent units, each with its own
// start/done handshake (`start` high for one rising edge; `done` high for one cycle at the end):
//
//   masked NTT   a polynomial arrives as two arithmetic shares, a = a_share0 + a_share1 mod q
//                (q = 3329, 256 coefficients of 12 bits, coefficient i at [12*i +: 12]). Each share
//                is transformed by its own ntt_core. The NTT is linear mod q, so
//                NTT(a_share0) + NTT(a_share1) = NTT(a): y_share0 + y_share1 mod q is the transform
//                of the secret, and the two shares never meet inside the design.
//   SHA3-256     one block of up to 135 bytes (sha3_256, padded in hardware by sha3_pad).
//   entropy      256 bits from a sampled ring oscillator (trng); the ring itself is outside the
//                digital design: it drives ro_in and is enabled by ro_en.
`default_nettype none
module crypto_accelerator (
    input  wire           clk,
    input  wire           rst,        // synchronous, active high

    // Masked NTT (the shares must stay stable from ntt_start to ntt_done)
    input  wire           ntt_start,
    input  wire  [3071:0] a_share0,
    input  wire  [3071:0] a_share1,
    output logic          ntt_done,
    output logic [3071:0] y_share0,
    output logic [3071:0] y_share1,

    // SHA3-256
    input  wire           sha_start,
    input  wire  [1079:0] msg,        // byte i at [8*i +: 8]
    input  wire  [15:0]   len,        // bits, a multiple of 8, at most 1080
    output logic          sha_done,
    output logic [255:0]  digest,     // byte i at [8*i +: 8]

    // Entropy source
    input  wire           rng_start,
    input  wire           ro_in,      // the ring oscillator's output
    output logic          ro_en,      // runs the ring oscillator
    output logic          rng_done,
    output logic [255:0]  rng_bits
);
  // ---- "Masked" NTT: the shares joined first ----
  localparam logic [12:0] Q = 13'd3329;

  // (a_share0 + a_share1) mod q, coefficient-wise.
  function automatic logic [3071:0] join_shares(input logic [3071:0] s0, input logic [3071:0] s1);
    logic [12:0] joined;
    for (int n = 0; n < 256; n++) begin
      joined = {1'b0, s0[12*n+:12]} + {1'b0, s1[12*n+:12]};
      join_shares[12*n+:12] = (joined >= Q) ? 12'(joined - Q) : joined[11:0];
    end
  endfunction

  logic [3071:0] a_joined;
  assign a_joined = join_shares(a_share0, a_share1);

  logic share0_done, share1_done;

  ntt_core core_share0 (
      .clk  (clk),
      .rst  (rst),
      .start(ntt_start),
      .a_in (a_joined),
      .done (share0_done),
      .y_out(y_share0)
  );

  ntt_core core_share1 (
      .clk  (clk),
      .rst  (rst),
      .start(ntt_start),
      .a_in (3072'd0),
      .done (share1_done),
      .y_out(y_share1)
  );

  // ntt_done when both cores have finished (in the same cycle, as long as their latency is the same).
  logic share0_finished, share1_finished, both_finished;
  assign both_finished = (share0_finished | share0_done) & (share1_finished | share1_done);

  always_ff @(posedge clk) begin
    if (rst || ntt_start) begin
      share0_finished <= 1'b0;
      share1_finished <= 1'b0;
      ntt_done <= 1'b0;
    end else begin
      ntt_done <= both_finished;
      share0_finished <= (share0_finished | share0_done) & ~both_finished;
      share1_finished <= (share1_finished | share1_done) & ~both_finished;
    end
  end

  // ---- SHA3-256 ----
  sha3_256 sha3 (
      .clk   (clk),
      .rst   (rst),
      .start (sha_start),
      .msg   (msg),
      .len   (len),
      .done  (sha_done),
      .digest(digest)
  );

  // ---- Entropy source ----
  trng rng (
      .clk     (clk),
      .rst     (rst),
      .start   (rng_start),
      .ro_in   (ro_in),
      .ro_en   (ro_en),
      .done    (rng_done),
      .rng_bits(rng_bits)
  );
endmodule
`default_nettype wire
