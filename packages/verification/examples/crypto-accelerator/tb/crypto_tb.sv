// The crypto harness of the accelerator (docs/crypto-harness.md in the verification package):
// it performs the operations the platform writes to +CRYPTO_STIMULUS, one at a time, and writes
// one line per operation to +CRYPTO_RESPONSES. It decides nothing; it moves values in and out.
//
//   ntt a mask      a is the secret polynomial, mask a fresh random one (256 coefficients of 12
//                   bits in [0, 3329)). The harness is the key store of the masked design: it
//                   splits a into the arithmetic shares (a - mask) mod q and mask, and joins the
//                   transformed shares, a_hat = (y_share0 + y_share1) mod q, coefficient-wise.
//                   Both happen here, outside the design's scope, so they are not in the power model.
//   hash msg len    SHA3-256 of the first len/8 bytes of msg (little-endian bytes); writes digest.
//   sample          256 bits from the entropy source; writes bits.
//
// The ring oscillator that feeds the entropy source is a behavioural model (ro_noise_model.sv),
// seeded from +CRYPTO_SEED.
`timescale 1ns / 1ps
`default_nettype none
module crypto_tb;
  localparam int Q = 3329;
  localparam int COEFFICIENTS = 256;

  reg clk = 1'b0;
  always #5 clk = ~clk;  // 100 MHz

  reg rst = 1'b1;
  reg ntt_start = 1'b0, sha_start = 1'b0, rng_start = 1'b0;
  reg [3071:0] a_share0 = '0, a_share1 = '0;
  reg [1079:0] msg = '0;
  reg [15:0] len = '0;
  wire [3071:0] y_share0, y_share1;
  wire [255:0] digest, rng_bits;
  wire ntt_done, sha_done, rng_done;
  wire ro_in, ro_en;

  ro_noise_model ring (
      .enable(ro_en),
      .ro_out(ro_in)
  );

  crypto_accelerator dut (
      .clk      (clk),
      .rst      (rst),
      .ntt_start(ntt_start),
      .a_share0 (a_share0),
      .a_share1 (a_share1),
      .ntt_done (ntt_done),
      .y_share0 (y_share0),
      .y_share1 (y_share1),
      .sha_start(sha_start),
      .msg      (msg),
      .len      (len),
      .sha_done (sha_done),
      .digest   (digest),
      .rng_start(rng_start),
      .ro_in    (ro_in),
      .ro_en    (ro_en),
      .rng_done (rng_done),
      .rng_bits (rng_bits)
  );

  // (a - mask) mod q, coefficient-wise.
  function automatic [3071:0] minus_mod_q(input [3071:0] a, input [3071:0] mask);
    integer n, x, m;
    for (n = 0; n < COEFFICIENTS; n = n + 1) begin
      x = a[12*n+:12] % Q;
      m = mask[12*n+:12] % Q;
      minus_mod_q[12*n+:12] = 12'((x - m + Q) % Q);
    end
  endfunction

  // (a + b) mod q, coefficient-wise.
  function automatic [3071:0] plus_mod_q(input [3071:0] a, input [3071:0] b);
    integer n;
    for (n = 0; n < COEFFICIENTS; n = n + 1) plus_mod_q[12*n+:12] = 12'((a[12*n+:12] + b[12*n+:12]) % Q);
  endfunction

  // mask reduced mod q, coefficient-wise (the platform draws it in [0, q) already).
  function automatic [3071:0] mod_q(input [3071:0] a);
    integer n;
    for (n = 0; n < COEFFICIENTS; n = n + 1) mod_q[12*n+:12] = 12'(a[12*n+:12] % Q);
  endfunction

  integer in_fd, out_fd;
  reg [8*32-1:0] op;
  reg [8*1024-1:0] stimulus, responses;
  reg [3071:0] a, mask;

  initial begin
    if (!$value$plusargs("CRYPTO_STIMULUS=%s", stimulus)) $fatal(1, "no +CRYPTO_STIMULUS");
    if (!$value$plusargs("CRYPTO_RESPONSES=%s", responses)) $fatal(1, "no +CRYPTO_RESPONSES");
    in_fd = $fopen(stimulus, "r");
    if (in_fd == 0) $fatal(1, "cannot read %0s", stimulus);
    out_fd = $fopen(responses, "w");
    if (out_fd == 0) $fatal(1, "cannot write %0s", responses);

    // Synchronous reset, once.
    repeat (3) @(negedge clk);
    rst = 1'b0;

    while ($fscanf(in_fd, "%s", op) == 1) begin
      if (op == "ntt") begin
        if ($fscanf(in_fd, "%h %h", a, mask) != 2) $fatal(1, "bad ntt line: expected a and mask");
        @(negedge clk);
        a_share0 = minus_mod_q(a, mask);
        a_share1 = mod_q(mask);
        ntt_start = 1'b1;
        @(negedge clk) ntt_start = 1'b0;
        while (!ntt_done) @(negedge clk);
        $fdisplay(out_fd, "%h", plus_mod_q(y_share0, y_share1));
      end else if (op == "hash") begin
        if ($fscanf(in_fd, "%h %h", msg, len) != 2) $fatal(1, "bad hash line: expected msg and len");
        @(negedge clk) sha_start = 1'b1;
        @(negedge clk) sha_start = 1'b0;
        while (!sha_done) @(negedge clk);
        $fdisplay(out_fd, "%h", digest);
      end else if (op == "sample") begin
        @(negedge clk) rng_start = 1'b1;
        @(negedge clk) rng_start = 1'b0;
        while (!rng_done) @(negedge clk);
        $fdisplay(out_fd, "%h", rng_bits);
      end else begin
        $fatal(1, "unknown operation %0s", op);
      end
    end
    $fclose(out_fd);
    $finish;
  end
endmodule
`default_nettype wire
