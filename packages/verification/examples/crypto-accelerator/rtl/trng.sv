// Entropy source: a ring oscillator sampled by the system clock (an "oscillator-jitter" TRNG).
//
// The ring's period wanders by the jitter of its gates, and that phase noise grows with time like
// a random walk. Sampled often, the ring's output is still close to where the previous sample left
// it and successive bits are correlated; sampled every DIV clock cycles, the jitter accumulated
// over the interval spreads the phase over a good part of a period and the bits are close to
// random. DIV is the design's trade-off between bit rate and entropy per bit.
//
// `rng_start` enables the ring (`ro_en`) and collects 256 fresh samples into a shift register,
// one every DIV cycles; then `rng_bits` is loaded and `done` is high for one cycle. The ring runs
// only while it is sampled: it saves power and keeps its switching out of the other units' supply.
// `ro_in` is asynchronous to `clk`: the first flop samples it, the second settles the first's
// metastability.
`default_nettype none
module trng #(
    parameter int DIV = 16  // clock cycles between samples: enough jitter accumulates in 16
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          start,
    input  wire          ro_in,
    output logic         ro_en,
    output logic         done,
    output logic [255:0] rng_bits
);
  localparam int COUNT_BITS = (DIV > 1) ? $clog2(DIV) : 1;
  localparam logic [COUNT_BITS-1:0] LAST_COUNT = COUNT_BITS'(DIV - 1);

  logic ro_sample, ro_sync;  // the sampling flop and its synchronizer
  logic [COUNT_BITS-1:0] count;
  logic [8:0] collected;  // samples in pool, 0 .. 256
  logic [255:0] pool;

  always_ff @(posedge clk) begin
    if (rst) begin
      ro_sample <= 1'b0;
      ro_sync <= 1'b0;
    end else begin
      ro_sample <= ro_in;
      ro_sync <= ro_sample;
    end
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      ro_en <= 1'b0;
      done <= 1'b0;
      count <= '0;
      collected <= '0;
      pool <= '0;
      rng_bits <= '0;
    end else begin
      done <= 1'b0;
      if (!ro_en) begin
        if (start) begin
          ro_en <= 1'b1;
          count <= '0;
          collected <= '0;
        end
      end else if (collected == 9'd256) begin
        rng_bits <= pool;
        done <= 1'b1;
        ro_en <= 1'b0;
      end else if (count == LAST_COUNT) begin
        pool <= {pool[254:0], ro_sync};
        collected <= collected + 9'd1;
        count <= '0;
      end else begin
        count <= count + 1'b1;
      end
    end
  end
endmodule
`default_nettype wire
