// SHA3-256 of a message of up to 135 bytes (FIPS 202): one block, padded in hardware by sha3_pad,
// absorbed into the zero state, then Keccak-f[1600], one round per cycle for 24 cycles.
//
// `start` takes msg and len (bits, a multiple of 8, at most 1080) and loads the padded block;
// `done` is high for one cycle, 26 cycles after start (24 rounds, then the digest register is
// loaded), when `digest` holds the hash. Bytes are
// little-endian on every port: message byte i at msg[8*i +: 8], digest byte i at digest[8*i +: 8]
// (the first 32 bytes of the state after the permutation: FIPS 202's output order).
`default_nettype none
module sha3_256 (
    input  wire          clk,
    input  wire          rst,
    input  wire          start,
    input  wire [1079:0] msg,
    input  wire [15:0]   len,
    output logic         done,
    output logic [255:0] digest
);
  localparam logic [4:0] LAST_ROUND = 5'd23;

  logic [1087:0] block;
  sha3_pad pad (
      .msg  (msg),
      .len  (len),
      .block(block)
  );

  logic [1599:0] state;
  logic [4:0] round;
  logic busy, permuted;

  // Absorb: the block XOR-ed into the zero state, the capacity (512 bits) left at zero.
  keccak_round permutation (
      .clk       (clk),
      .load      (start && !busy && !permuted),
      .load_state({512'd0, block}),
      .step      (busy),
      .round     (round),
      .state     (state)
  );

  always_ff @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      permuted <= 1'b0;
      done <= 1'b0;
      round <= '0;
      digest <= '0;
    end else begin
      done <= 1'b0;
      permuted <= 1'b0;
      if (busy) begin
        round <= round + 5'd1;
        if (round == LAST_ROUND) begin
          busy <= 1'b0;
          permuted <= 1'b1;
        end
      end else if (permuted) begin
        // Squeeze: the digest is the first 256 bits of the state.
        digest <= state[255:0];
        done <= 1'b1;
      end else if (start) begin
        round <= '0;
        busy <= 1'b1;
      end
    end
  end

  logic unused_state;
  assign unused_state = ^state[1599:256];
endmodule
`default_nettype wire
