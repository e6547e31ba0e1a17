// Simulation testbench of the traffic light. It prints the test protocol: `TESTS <total>`, then
// one `TEST <name> PASS` or `TEST <name> FAIL <reason>` line per test, then calls $finish.
//
// A pedestrian presses the button during the first green phase, so the light goes
// GREEN -> YELLOW -> RED -> WALK -> GREEN. No test lets a red phase pass without a request:
// the transition RED -> GREEN is never taken, and FSM coverage stays below 100 %.
module tb_traffic_light;
  // The lights as {car_green, car_yellow, car_red, walk}.
  localparam logic [3:0] SHOW_GREEN = 4'b1000;
  localparam logic [3:0] SHOW_YELLOW = 4'b0100;
  localparam logic [3:0] SHOW_RED = 4'b0010;
  localparam logic [3:0] SHOW_WALK = 4'b0011;

  logic clk = 1'b0;
  logic rst = 1'b1;
  logic ped_request = 1'b0;
  logic car_green, car_yellow, car_red, walk;

  traffic_light #(
      .GREEN_CYCLES (6),
      .YELLOW_CYCLES(2),
      .RED_CYCLES   (2),
      .WALK_CYCLES  (4)
  ) dut (
      .clk        (clk),
      .rst        (rst),
      .ped_request(ped_request),
      .car_green  (car_green),
      .car_yellow (car_yellow),
      .car_red    (car_red),
      .walk       (walk)
  );

  always #5 clk <= ~clk;

  wire [3:0] lights = {car_green, car_yellow, car_red, walk};

  // Inputs change and outputs are checked on the falling edge, away from the rising edge the
  // design samples. Waits up to `limit` cycles for the lights to show `expected`.
  task automatic await_lights(input logic [3:0] expected, input int limit, output logic seen);
    seen = 1'b0;
    for (int cycle = 0; cycle < limit && !seen; cycle++) begin
      @(negedge clk);
      seen = lights == expected;
    end
  endtask

  task automatic report(input string name, input logic passed, input string reason);
    if (passed) $display("TEST %s PASS", name);
    else $display("TEST %s FAIL %s", name, reason);
  endtask

  logic seen;

  initial begin
    $display("TESTS 5");

    repeat (2) @(negedge clk);
    report("reset_shows_green", lights == SHOW_GREEN, $sformatf("lights are %b in reset", lights));

    rst = 1'b0;
    ped_request = 1'b1;
    @(negedge clk);
    ped_request = 1'b0;

    await_lights(SHOW_YELLOW, 8, seen);
    report("green_then_yellow", seen, $sformatf("lights are %b, not yellow, after the green phase", lights));

    await_lights(SHOW_RED, 3, seen);
    report("yellow_then_red", seen, $sformatf("lights are %b, not red, after the yellow phase", lights));

    await_lights(SHOW_WALK, 3, seen);
    report("red_then_walk_on_request", seen, $sformatf("lights are %b, not walk, after a request", lights));

    await_lights(SHOW_GREEN, 5, seen);
    report("walk_then_green", seen, $sformatf("lights are %b, not green, after the walk phase", lights));

    $finish;
  end
endmodule
