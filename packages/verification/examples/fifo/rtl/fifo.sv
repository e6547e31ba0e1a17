// A synchronous first-in first-out buffer of 2**ADDR_WIDTH words with first-word fall-through:
// `rd_data` shows the oldest word whenever `empty` is low. A write to a full FIFO and a read
// from an empty one are ignored.
//
// PLANTED BUG (see README.md): the occupancy count treats a write and a read in the same cycle
// as "one in, one out", but a full FIFO refuses the write, so the count stays at DEPTH although
// a word left. The formal properties catch it; the testbench never reads and writes a full FIFO
// in the same cycle, so it passes.
module fifo #(
    parameter int WIDTH      = 8,
    parameter int ADDR_WIDTH = 2
) (
    input  logic                clk,
    input  logic                rst,
    input  logic                wr_en,
    input  logic [   WIDTH-1:0] wr_data,
    input  logic                rd_en,
    output logic [   WIDTH-1:0] rd_data,
    output logic                full,
    output logic                empty,
    output logic [ADDR_WIDTH:0] count
);
  localparam int DEPTH = 1 << ADDR_WIDTH;

  logic [WIDTH-1:0] mem[DEPTH];
  // One bit wider than the address, so that a full FIFO and an empty one differ.
  logic [ADDR_WIDTH:0] wr_ptr, rd_ptr;

  wire do_write = wr_en && !full;
  wire do_read = rd_en && !empty;

  assign full    = count == (ADDR_WIDTH + 1)'(DEPTH);
  assign empty   = count == 0;
  assign rd_data = mem[rd_ptr[ADDR_WIDTH-1:0]];

  always_ff @(posedge clk) if (do_write) mem[wr_ptr[ADDR_WIDTH-1:0]] <= wr_data;

  always_ff @(posedge clk) begin
    if (rst) begin
      wr_ptr <= '0;
      rd_ptr <= '0;
      count  <= '0;
    end else begin
      if (do_write) wr_ptr <= wr_ptr + 1'b1;
      if (do_read) rd_ptr <= rd_ptr + 1'b1;
      // The planted bug: `wr_en` where `do_write` belongs.
      case ({wr_en, do_read})
        2'b10:   if (!full) count <= count + 1'b1;
        2'b01:   count <= count - 1'b1;
        default: ;
      endcase
    end
  end

`ifdef FORMAL
  logic f_past_valid = 1'b0;
  always_ff @(posedge clk) f_past_valid <= 1'b1;

  // Every trace starts in reset.
  always_comb if (!f_past_valid) assume (rst);

  always_ff @(posedge clk) begin
    if (f_past_valid && !rst) begin
      p_count_bounded : assert (count <= (ADDR_WIDTH + 1)'(DEPTH));
      p_count_matches_pointers : assert (count == wr_ptr - rd_ptr);
      p_pointers_in_range : assert ((ADDR_WIDTH + 1)'(wr_ptr - rd_ptr) <= (ADDR_WIDTH + 1)'(DEPTH));
      p_not_full_and_empty : assert (!(full && empty));
    end
  end
`endif
endmodule
