//! Taking money online, against the providers' own test servers: Stripe (localstripe).

mod stripe;
