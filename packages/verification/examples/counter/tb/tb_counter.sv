// Simulation testbench of the counter. It prints the test protocol: `TESTS <total>`, then one
// `TEST <name> PASS` or `TEST <name> FAIL <reason>` line per test, then calls $finish.
module tb_counter;
  localparam int WIDTH = 4;
  localparam int MAX = 9;

  logic clk = 1'b0;
  logic rst = 1'b1;
  logic en = 1'b0;
  logic [WIDTH-1:0] count;
  logic wrap;

  counter #(
      .WIDTH(WIDTH),
      .MAX  (MAX)
  ) dut (
      .clk  (clk),
      .rst  (rst),
      .en   (en),
      .count(count),
      .wrap (wrap)
  );

  always #5 clk <= ~clk;

  // Inputs change on the falling edge, away from the rising edge the design samples.
  task automatic cycles(input int n);
    repeat (n) @(negedge clk);
  endtask

  task automatic report(input string name, input logic passed, input string reason);
    if (passed) $display("TEST %s PASS", name);
    else $display("TEST %s FAIL %s", name, reason);
  endtask

  logic saw_wrap;

  initial begin
    $display("TESTS 4");

    cycles(2);
    report("reset_clears_count", count == 0, $sformatf("count is %0d after reset", count));

    rst = 1'b0;
    en  = 1'b1;
    cycles(5);
    report("counts_when_enabled", count == 5, $sformatf("count is %0d after 5 enabled cycles", count));

    en = 1'b0;
    cycles(3);
    report("holds_when_disabled", count == 5, $sformatf("count is %0d after 3 disabled cycles", count));

    // From 5, four enabled cycles reach MAX; the fifth wraps to zero with `wrap` high before it.
    en = 1'b1;
    cycles(4);
    saw_wrap = wrap;
    cycles(1);
    report("wraps_after_max", saw_wrap && count == 0,
           $sformatf("wrap was %0b at MAX and count is %0d after it", saw_wrap, count));

    $finish;
  end
endmodule
