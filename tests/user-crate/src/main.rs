//! Runs the tour natively against the endpoint named in `MAGISTERIUM_ENDPOINT`.

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), magisterium_a2a::Error> {
    let endpoint = std::env::var("MAGISTERIUM_ENDPOINT").expect("MAGISTERIUM_ENDPOINT names the A2A endpoint");
    let summary = magisterium_user_crate::tour(&endpoint).await?;
    println!("the tour passed: {summary}");
    Ok(())
}
