// Keccak-f[1600] (FIPS 202, section 3.3), one round per clock cycle: the 1600-bit state register
// and the round function Rnd = iota . chi . pi . rho . theta.
//
// Lane (x, y) of the state is bits [64*(x + 5*y) +: 64], least significant bit first, so state byte
// i is bits [8*i +: 8]: the byte order of FIPS 202's state-to-string conversion.
//
// `load` puts `load_state` into the register; `step` applies round number `round` (0 .. 23, the
// index i_r that selects iota's round constant). The round is a function evaluated in the
// register's own always_ff, once per step: as a combinational network of part-select assigns on
// 1600-bit vectors an event-driven simulator would re-evaluate it many times per cycle.
`default_nettype none
module keccak_round (
    input  wire           clk,
    input  wire           load,
    input  wire  [1599:0] load_state,
    input  wire           step,
    input  wire  [4:0]    round,
    output logic [1599:0] state
);
  function automatic logic [63:0] rotl(input logic [63:0] v, input logic [5:0] r);
    rotl = (v << r) | (v >> (7'd64 - {1'b0, r}));
  endfunction

  // rho's rotation offsets: r[x][y] at bits [6*(x + 5*y) +: 6].
  localparam logic [149:0] RHO = {
      6'd14, 6'd56, 6'd61, 6'd2, 6'd18,  // y = 4: x = 4 .. 0
      6'd8, 6'd21, 6'd15, 6'd45, 6'd41,  // y = 3: x = 4 .. 0
      6'd39, 6'd25, 6'd43, 6'd10, 6'd3,  // y = 2: x = 4 .. 0
      6'd20, 6'd55, 6'd6, 6'd44, 6'd36,  // y = 1: x = 4 .. 0
      6'd27, 6'd28, 6'd62, 6'd1, 6'd0  // y = 0: x = 4 .. 0
  };

  logic [63:0] rc;
  always_comb begin
    case (round)
      5'd0: rc = 64'h0000000000000001;   5'd1: rc = 64'h0000000000008082;
      5'd2: rc = 64'h800000000000808A;   5'd3: rc = 64'h8000000080008000;
      5'd4: rc = 64'h000000000000808B;   5'd5: rc = 64'h0000000080000001;
      5'd6: rc = 64'h8000000080008081;   5'd7: rc = 64'h8000000000008009;
      5'd8: rc = 64'h000000000000008A;   5'd9: rc = 64'h0000000000000088;
      5'd10: rc = 64'h0000000080008009;  5'd11: rc = 64'h000000008000000A;
      5'd12: rc = 64'h000000008000808B;  5'd13: rc = 64'h800000000000008B;
      5'd14: rc = 64'h8000000000008089;  5'd15: rc = 64'h8000000000008003;
      5'd16: rc = 64'h8000000000008002;  5'd17: rc = 64'h8000000000000080;
      5'd18: rc = 64'h000000000000800A;  5'd19: rc = 64'h800000008000000A;
      5'd20: rc = 64'h8000000080008081;  5'd21: rc = 64'h8000000000008080;
      5'd22: rc = 64'h0000000080000001;  5'd23: rc = 64'h8000000080008008;
      default: rc = 64'h0;
    endcase
  end

  function automatic logic [1599:0] permute(input logic [1599:0] a, input logic [63:0] round_constant);
    logic [319:0] c;  // theta: the parity of each column
    logic [319:0] d;  // theta: what each column adds to its lanes
    logic [1599:0] b;  // after theta, rho and pi
    for (int x = 0; x < 5; x++) begin
      c[64*x+:64] = a[64*x+:64] ^ a[64*(x+5)+:64] ^ a[64*(x+10)+:64] ^ a[64*(x+15)+:64] ^ a[64*(x+20)+:64];
    end
    for (int x = 0; x < 5; x++) begin
      d[64*x+:64] = c[64*((x+4)%5)+:64] ^ rotl(c[64*((x+1)%5)+:64], 6'd1);
    end
    for (int x = 0; x < 5; x++) begin
      for (int y = 0; y < 5; y++) begin
        // theta, then rho's rotation, then pi: lane (x, y) moves to (y, 2x + 3y)
        b[64*(y+5*((2*x+3*y)%5))+:64] = rotl(a[64*(x+5*y)+:64] ^ d[64*x+:64], RHO[6*(x+5*y)+:6]);
      end
    end
    for (int x = 0; x < 5; x++) begin
      for (int y = 0; y < 5; y++) begin
        // chi
        permute[64*(x+5*y)+:64] = b[64*(x+5*y)+:64] ^ (~b[64*((x+1)%5+5*y)+:64] & b[64*((x+2)%5+5*y)+:64]);
      end
    end
    // iota
    permute[63:0] = permute[63:0] ^ round_constant;
  endfunction

  always_ff @(posedge clk) begin
    if (load) state <= load_state;
    else if (step) state <= permute(state, rc);
  end
endmodule
`default_nettype wire
