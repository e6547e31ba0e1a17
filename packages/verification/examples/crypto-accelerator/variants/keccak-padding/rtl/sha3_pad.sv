// VARIANT keccak-padding: replaces rtl/sha3_pad.sv. The bug: Keccak's padding, not SHA-3's.
//
// The byte after the message is 0x01, the padding of the original Keccak submission (pad10*1
// alone), as Ethereum's "Keccak-256" still uses it. FIPS 202 appends the domain-separation bits 01
// before pad10*1, which makes that byte 0x06. The permutation is the same, so the digests look
// fine, but every one differs from SHA3-256's: each known-answer test fails.
//
// SHA-3 padding of a one-block message (FIPS 202, sections 5.1 and 6.1), combinational.
//
// SHA3-256 absorbs 136-byte blocks (rate 1088 bits). A message of up to 135 bytes fits one block
// with its padding: after the message, SHA-3's domain-separation suffix 01 and the first bit of
// pad10*1 make the byte 0x06 at position len/8, and the last bit of pad10*1 is 0x80 OR-ed into byte
// 135. Bytes are little-endian on every port: byte i at bits [8*i +: 8]. The bytes of `msg` at and
// beyond len/8 are ignored.
//
// `len` is the length in bits, a multiple of 8, at most 1080; its low three bits are ignored.
`default_nettype none
module sha3_pad (
    input  wire  [1079:0] msg,
    input  wire  [15:0]   len,
    output logic [1087:0] block
);
  localparam int MSG_BYTES = 135;
  localparam logic [7:0] DOMAIN_PAD = 8'h01;  // Keccak: the first 1 of pad10*1 (SHA-3 needs 0x06)
  localparam logic [7:0] FINAL_PAD = 8'h80;  // the last 1 of pad10*1

  logic [12:0] bytes;
  assign bytes = len[15:3];

  always_comb begin
    for (int i = 0; i < MSG_BYTES; i++) begin
      if (13'(i) < bytes) block[8*i+:8] = msg[8*i+:8];
      else if (13'(i) == bytes) block[8*i+:8] = DOMAIN_PAD;
      else block[8*i+:8] = 8'h00;
    end
    // Byte 135 is never a message byte; it holds the 0x06 too when the message is 135 bytes long.
    block[8*MSG_BYTES+:8] = (bytes == 13'(MSG_BYTES)) ? (DOMAIN_PAD | FINAL_PAD) : FINAL_PAD;
  end

  logic unused_len;
  assign unused_len = ^len[2:0];
endmodule
`default_nettype wire
