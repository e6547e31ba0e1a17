// One share's Kyber NTT: FIPS 203 Algorithm 9 on 256 coefficients mod q = 3329, in place, with
// the output in the order the algorithm produces (the standard, "bit-reversed" order) and every
// coefficient reduced into [0, q).
//
//   k = 1
//   for len = 128, 64, ..., 2:                       7 layers of 128 butterflies
//     for start = 0, 2 len, 4 len, ... < 256:
//       zeta = zetas[k]; k = k + 1
//       for j = start .. start + len - 1:
//         t = zeta * f[j + len] mod q
//         f[j + len] = f[j] - t;  f[j] = f[j] + t
//
// The butterflies are taken in the algorithm's order. An address generator walks (j, len, k):
// j counts through a block of len butterflies, then jumps over the block's upper half to the next
// block (k + 1), and after the last block of a layer starts the next layer at j = 0 with len
// halved (k + 1 again: k numbers the blocks of all layers in turn, 1 .. 127). The fetch stage and
// the write-back stage each have one, stepped whenever their stage takes a butterfly.
//
// Three pipeline stages, one butterfly each per cycle:
//   fetch     f[j] and f[j + len] into u_r and v_r, zetas[k] into z_r;
//   multiply  t = z_r * v_r mod q in ntt_mulmod (start/ready), u_r held in u_h meanwhile;
//   butterfly ntt_butterfly registers u_h + t and u_h - t, and the next cycle writes them back
//             to f[j] and f[j + len] (the write-back stage's own j and len).
// The first layer reads its operands from a_in (butterfly j of layer 0 reads the pair j, j + 128,
// so each input coefficient is read exactly once) and later layers from the memory coef, so there
// is no separate load phase; a_in must stay stable from start to done. Within a layer the
// butterflies touch disjoint pairs, and the first butterflies of a layer read values written long
// before the last ones of the previous layer, so the pipeline needs no forwarding.
//
// Every value moves through registers (u_r, v_r, u_h, t, sum, diff), and no register or wire wider
// than 12 bits changes every cycle: the memory is not traced by a simulator, and y_out is loaded
// once, at the end.
//
// `start` begins a transform of a_in; `done` is high for one cycle when y_out holds the result.
// y_out keeps it until the next transform ends.
`default_nettype none
module ntt_core (
    input  wire           clk,
    input  wire           rst,
    input  wire           start,
    input  wire  [3071:0] a_in,
    output logic          done,
    output logic [3071:0] y_out
);
  localparam int N = 256;

  logic [11:0] coef[N];  // the polynomial, from the second layer on

  logic running;
  // The fetch stage's butterfly (j, len, k) and the write-back stage's (wj, wlen). len = 1 means
  // the stage has taken all 896 butterflies.
  logic [7:0] j, len, wj, wlen;
  logic [6:0] k;

  // The twiddle factor of the block being fetched (changes once per block, not every cycle).
  logic [11:0] zeta;
  ntt_zetas zetas (
      .k   (k),
      .zeta(zeta)
  );

  // Stage 1: the fetched butterfly. Stage 2: the one in the multiplier. Stage 3: results to write.
  logic fetched, mul_busy, wr;
  logic [11:0] u_r, v_r, z_r, u_h;
  logic mul_ready;
  logic [11:0] t, sum, diff;

  logic issue, fetch, finish;
  assign issue = running && fetched && (!mul_busy || mul_ready);
  assign fetch = running && (len != 8'd1) && (!fetched || issue);
  assign finish = running && (len == 8'd1) && !fetched && !mul_busy && !wr;

  ntt_mulmod mulmod (
      .clk  (clk),
      .rst  (rst),
      .start(issue),
      .a    (v_r),
      .b    (z_r),
      .ready(mul_ready),
      .p    (t)
  );

  ntt_butterfly butterfly (
      .clk (clk),
      .en  (mul_ready),
      .u   (u_h),
      .t   (t),
      .sum (sum),
      .diff(diff)
  );

  always_ff @(posedge clk) begin
    if (rst) begin
      running <= 1'b0;
      done <= 1'b0;
      fetched <= 1'b0;
      mul_busy <= 1'b0;
      wr <= 1'b0;
      y_out <= '0;
    end else begin
      done <= 1'b0;
      if (!running) begin
        if (start) begin
          running <= 1'b1;
          j <= 8'd0;
          len <= 8'd128;
          k <= 7'd1;
          wj <= 8'd0;
          wlen <= 8'd128;
          fetched <= 1'b0;
          mul_busy <= 1'b0;
          wr <= 1'b0;
        end
      end else begin
        // Stage 1: fetch.
        if (fetch) begin
          if (len == 8'd128) begin
            u_r <= a_in[12*j+:12];
            v_r <= a_in[12*(j|len)+:12];
          end else begin
            u_r <= coef[j];
            v_r <= coef[j|len];
          end
          z_r <= zeta;
          fetched <= 1'b1;
          // Step to the next butterfly.
          if (((j + 8'd1) & (len - 8'd1)) != 8'd0) begin
            j <= j + 8'd1;
          end else begin
            k <= k + 7'd1;
            if ({1'b0, j} + {1'b0, len} + 9'd1 != 9'd256) j <= j + len + 8'd1;  // next block
            else begin  // next layer
              j <= 8'd0;
              len <= len >> 1;
            end
          end
        end else if (issue) begin
          fetched <= 1'b0;
        end

        // Stage 2: multiply.
        if (issue) begin
          u_h <= u_r;
          mul_busy <= 1'b1;
        end else if (mul_ready) begin
          mul_busy <= 1'b0;
        end

        // Stage 3: the butterfly registers its results when the product is ready; write them back.
        wr <= mul_ready;
        if (wr) begin
          coef[wj] <= sum;
          coef[wj|wlen] <= diff;
          if (((wj + 8'd1) & (wlen - 8'd1)) != 8'd0) begin
            wj <= wj + 8'd1;
          end else if ({1'b0, wj} + {1'b0, wlen} + 9'd1 != 9'd256) begin
            wj <= wj + wlen + 8'd1;
          end else begin
            wj <= 8'd0;
            wlen <= wlen >> 1;
          end
        end

        if (finish) begin
          for (int n = 0; n < N; n++) y_out[12*n+:12] <= coef[n];
          done <= 1'b1;
          running <= 1'b0;
        end
      end
    end
  end
endmodule
`default_nettype wire
