//! Running the shop: the process, scale-out, security headers, attacks, nothing lost.

mod attack_suite;
mod nothing_lost;
mod process;
mod scale_out;
mod security_headers;
