// A running checksum of the bytes presented with `valid`, and a count of the bytes taken.
// It simulates as intended, but it is written carelessly on purpose: `verilator --lint-only -Wall`
// reports seven warnings (and no error) on it. README.md lists them.
module byte_checksum #(
    parameter logic [7:0] SEED = 8'h5a  // UNUSEDPARAM: the reset value was meant to be SEED
) (
    input  logic       clk,
    input  logic       rst,
    input  logic       valid,
    input  logic [7:0] data,
    input  logic [7:0] mask,  // UNUSEDSIGNAL: meant to gate `data`, never wired
    output logic [7:0] sum,
    output logic [3:0] count
);
  logic [7:0] mixed;
  logic [8:0] total;  // UNUSEDSIGNAL: its carry bit [8] is never read

  always_ff @(posedge clk) begin
    if (rst) begin
      sum   <= '0;
      count <= '0;
    end else if (valid) begin
      mixed = data ^ {count, count};  // BLKSEQ: blocking assignment in a clocked process
      total = sum + mixed;  // BLKSEQ
      sum   <= total;  // WIDTH: 9 bits into 8, the carry is dropped silently
      count <= count + 1'b1;
    end
  end
endmodule
