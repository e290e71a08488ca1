// The dining timer's display and pace, as the first version had them (docs/product.md).
// Only this page uses them, so they live here, outside @samgyup/shared's contract.

/** A `minutes` query parameter below this many seconds is raised to it. */
export const REFILL_MIN_OVERRIDE_SECONDS = 60;
/** What the timer shows before it knows the time left. */
export const REFILL_INITIAL_DISPLAY = '20:00';
export const REFILL_TICK_MS = 1000;
/** The timer pulses when this many seconds or fewer are left. */
export const REFILL_PULSE_AT_SECONDS = 60;
/** How long "Completed" shows at zero before the page moves on to /timesup. */
export const REFILL_COMPLETION_REDIRECT_MS = 1000;
