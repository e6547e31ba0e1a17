// SIMULATION MODEL ONLY: a behavioural ring oscillator, the analogue half of the entropy source.
// It is not synthesizable and it is not evidence that silicon would behave this way: a real ring's
// jitter, its coupling to the supply and to the sampling clock, and its behaviour across voltage,
// temperature and attacks can only be measured on the chip (SP 800-90B assesses the real source).
//
// While `enable` is high the output toggles after every half period, each drawn independently
// from a normal distribution (mean HALF_PERIOD_PS, standard deviation JITTER_PS). The edges'
// timing errors add up, so the phase wanders like a random walk: after n half periods its
// standard deviation is JITTER_PS * sqrt(n). With the defaults (a ring of about 148 MHz, 12 %
// jitter per half period, exaggerated so that a short simulation shows the effect) the phase
// spreads by about 0.1 of a period in one 10 ns clock cycle and by about 0.4 of a period in 16.
//
// The draws are seeded from +CRYPTO_SEED, so a run is repeatable and each seed gives other bits.
// While `enable` is low the ring is stopped with its output low.
`timescale 1ns / 1ps
`default_nettype none
module ro_noise_model #(
    parameter int HALF_PERIOD_PS = 3370,
    parameter int JITTER_PS = 400
) (
    input  wire enable,
    output reg  ro_out
);
  integer seed;
  integer half_period;

  initial begin
    if (!$value$plusargs("CRYPTO_SEED=%d", seed)) seed = 1;
    ro_out = 1'b0;
    forever begin
      if (!enable) begin
        ro_out = 1'b0;
        wait (enable);
      end
      half_period = $dist_normal(seed, HALF_PERIOD_PS, JITTER_PS);
      if (half_period < HALF_PERIOD_PS / 4) half_period = HALF_PERIOD_PS / 4;
      #(half_period / 1000.0);
      if (enable) ro_out = ~ro_out;
    end
  end
endmodule
`default_nettype wire
