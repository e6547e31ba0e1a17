// A traffic light for cars with a pedestrian crossing. The cars get GREEN, YELLOW and RED in
// turn; a pedestrian request (remembered until served) turns the next RED into WALK, during
// which the cars keep their red light. Each phase lasts a fixed number of clock cycles.
//
//   GREEN --> YELLOW --> RED --(request waiting)--> WALK --> GREEN
//                         \--(no request)-------------------> GREEN
module traffic_light #(
    parameter int GREEN_CYCLES  = 6,
    parameter int YELLOW_CYCLES = 2,
    parameter int RED_CYCLES    = 2,
    parameter int WALK_CYCLES   = 4
) (
    input  logic clk,
    input  logic rst,
    input  logic ped_request,
    output logic car_green,
    output logic car_yellow,
    output logic car_red,
    output logic walk
);
  localparam logic [1:0] GREEN = 2'd0;
  localparam logic [1:0] YELLOW = 2'd1;
  localparam logic [1:0] RED = 2'd2;
  localparam logic [1:0] WALK = 2'd3;

  logic [1:0] state;
  // Cycles left in the current phase, after this one.
  logic [3:0] timer;
  logic ped_waiting;

  wire timer_done = timer == 4'd0;

  always_ff @(posedge clk or posedge rst) begin
    if (rst) begin
      state <= GREEN;
      timer <= 4'(GREEN_CYCLES - 1);
    end else if (!timer_done) begin
      timer <= timer - 4'd1;
    end else begin
      case (state)
        GREEN: begin
          state <= YELLOW;
          timer <= 4'(YELLOW_CYCLES - 1);
        end
        YELLOW: begin
          state <= RED;
          timer <= 4'(RED_CYCLES - 1);
        end
        RED:
        if (ped_waiting) begin
          state <= WALK;
          timer <= 4'(WALK_CYCLES - 1);
        end else begin
          state <= GREEN;
          timer <= 4'(GREEN_CYCLES - 1);
        end
        default: begin
          state <= GREEN;
          timer <= 4'(GREEN_CYCLES - 1);
        end
      endcase
    end
  end

  // A request is remembered until the crossing has been served.
  always_ff @(posedge clk or posedge rst) begin
    if (rst) ped_waiting <= 1'b0;
    else if (state == WALK) ped_waiting <= 1'b0;
    else if (ped_request) ped_waiting <= 1'b1;
  end

  assign car_green  = state == GREEN;
  assign car_yellow = state == YELLOW;
  assign car_red    = state == RED || state == WALK;
  assign walk       = state == WALK;
endmodule
