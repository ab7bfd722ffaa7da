//! Beehive's API tests, one test binary: each module was its own file (and binary) before and
//! keeps its name, so a test is `auth::logout_makes_the_token_answer_http_401` and
//! `cargo test -p server --test api auth::` runs one module. Every test starts its own server on
//! port 0 against its own fresh database (`testkit::TestApp`, chosen by `BEEHIVE_TEST_DB`), so
//! the tests share nothing but the process: none sets an environment variable or a global, and
//! settings a test needs (a short request timeout, a missing first password) are passed to the
//! server it starts. Helpers shared by several modules are in `support`; general ones in
//! `testkit`.

mod support;

mod advances;
mod auth;
mod certificate;
mod content;
mod contract;
mod customers;
mod esign_bestsign;
mod hardening;
mod jobs;
mod layers;
mod ledger;
mod mechanisms;
mod name_sort;
mod order_flow;
mod order_rules;
mod orders;
mod overdue;
mod partners;
mod permissions;
mod process;
mod providers;
mod recoveries;
mod repayments;
mod scenario;
mod settings;
mod skeleton;
mod surrenders;
mod system;
mod templates;
mod waivers;
mod write_offs;
