// Simulation testbench of the FIFO. It prints the test protocol: `TESTS <total>`, then one
// `TEST <name> PASS` or `TEST <name> FAIL <reason>` line per test, then calls $finish.
//
// It reads and writes in the same cycle only while the FIFO is partly full, so it misses the
// planted bug (see README.md), which only a full FIFO shows.
module tb_fifo;
  localparam int WIDTH = 8;
  localparam int ADDR_WIDTH = 2;
  localparam int DEPTH = 1 << ADDR_WIDTH;

  logic clk = 1'b0;
  logic rst = 1'b1;
  logic wr_en = 1'b0;
  logic [WIDTH-1:0] wr_data = '0;
  logic rd_en = 1'b0;
  logic [WIDTH-1:0] rd_data;
  logic full;
  logic empty;
  logic [ADDR_WIDTH:0] count;

  fifo #(
      .WIDTH(WIDTH),
      .ADDR_WIDTH(ADDR_WIDTH)
  ) dut (
      .clk(clk),
      .rst(rst),
      .wr_en(wr_en),
      .wr_data(wr_data),
      .rd_en(rd_en),
      .rd_data(rd_data),
      .full(full),
      .empty(empty),
      .count(count)
  );

  always #5 clk <= ~clk;

  task automatic report(input string name, input logic passed, input string reason);
    if (passed) $display("TEST %s PASS", name);
    else $display("TEST %s FAIL %s", name, reason);
  endtask

  // Inputs change on the falling edge, away from the rising edge the design samples.
  task automatic push(input logic [WIDTH-1:0] data);
    wr_en   = 1'b1;
    wr_data = data;
    @(negedge clk);
    wr_en = 1'b0;
  endtask

  // Reads the word shown on rd_data (first-word fall-through) and removes it.
  task automatic pop(output logic [WIDTH-1:0] data);
    data  = rd_data;
    rd_en = 1'b1;
    @(negedge clk);
    rd_en = 1'b0;
  endtask

  logic [WIDTH-1:0] word;
  logic in_order;

  initial begin
    $display("TESTS 5");

    repeat (2) @(negedge clk);
    rst = 1'b0;
    report("reset_empties", empty && !full && count == 0,
           $sformatf("empty=%0b full=%0b count=%0d after reset", empty, full, count));

    push(8'hA1);
    push(8'hB2);
    push(8'hC3);
    in_order = 1'b1;
    pop(word);
    in_order &= word == 8'hA1;
    pop(word);
    in_order &= word == 8'hB2;
    pop(word);
    in_order &= word == 8'hC3;
    report("keeps_order", in_order && empty, "words came out in another order or the FIFO is not empty");

    for (int i = 0; i < DEPTH; i++) push(WIDTH'(32'h10 + i));
    push(8'hFF);  // refused: the FIFO is full
    report("fills_to_full", full && count == 3'(DEPTH),
           $sformatf("full=%0b count=%0d after %0d writes", full, count, DEPTH + 1));

    in_order = 1'b1;
    for (int i = 0; i < DEPTH; i++) begin
      pop(word);
      in_order &= word == WIDTH'(32'h10 + i);
    end
    report("drains_to_empty", in_order && empty && count == 0,
           $sformatf("in_order=%0b empty=%0b count=%0d after draining", in_order, empty, count));

    push(8'h21);
    push(8'h22);
    // One in, one out while partly full: the count stays at 2 and the oldest word leaves.
    word    = rd_data;
    wr_en   = 1'b1;
    wr_data = 8'h23;
    rd_en   = 1'b1;
    @(negedge clk);
    wr_en = 1'b0;
    rd_en = 1'b0;
    report("read_and_write_together", word == 8'h21 && count == 2 && rd_data == 8'h22,
           $sformatf("read %0h, count=%0d, next word %0h", word, count, rd_data));

    $finish;
  end
endmodule
