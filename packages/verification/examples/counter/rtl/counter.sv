// A modulo-(MAX+1) counter with enable and synchronous reset; `wrap` is high on the enabled
// cycle that takes the count from MAX back to zero.
module counter #(
    parameter int WIDTH = 4,
    parameter int MAX   = 9
) (
    input  logic             clk,
    input  logic             rst,
    input  logic             en,
    output logic [WIDTH-1:0] count,
    output logic             wrap
);
  assign wrap = en && (count == WIDTH'(MAX));

  always_ff @(posedge clk) begin
    if (rst) count <= '0;
    else if (wrap) count <= '0;
    else if (en) count <= count + 1'b1;
  end

`ifdef FORMAL
  // The properties are checked at each clock edge; f_past_valid guards $past in the first cycle.
  logic f_past_valid = 1'b0;
  always_ff @(posedge clk) f_past_valid <= 1'b1;

  // Every trace starts in reset.
  always_comb if (!f_past_valid) assume (rst);

  always_ff @(posedge clk) begin
    // The count is undefined until the first reset edge, so the range is checked out of reset.
    if (!rst) p_in_range : assert (count <= WIDTH'(MAX));
    // begin/end keep each `else` with its `if`: after an assert it would be the assert's fail action.
    if (f_past_valid) begin
      if ($past(rst)) begin
        p_reset : assert (count == 0);
      end else if (!$past(en)) begin
        p_hold : assert (count == $past(count));
      end else if ($past(count) == WIDTH'(MAX)) begin
        p_wrap : assert (count == 0);
      end else begin
        p_step : assert (count == $past(count) + 1'b1);
      end
    end
  end
`endif
endmodule
