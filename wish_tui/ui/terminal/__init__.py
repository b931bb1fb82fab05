"""The terminal under the app: its drivers (a terminal of its own, one shared with a host
process, a browser's), the cells a frame changes (`screen_diff`), colour codes made short (`sgr`)
and the limit on a paste."""
