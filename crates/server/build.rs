//! Rebuilds the server when the web app's build output changes, so that the release binary
//! always embeds the current `web/dist` (new hashed file names included).
fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
    println!("cargo:rerun-if-changed=build.rs");
}
