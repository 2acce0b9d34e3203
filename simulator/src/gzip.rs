//! A gzip response body compressed a step at a time as the client reads it: a body that decodes
//! to hundreds of megabytes costs the simulator only the part the client actually reads.

use std::io::Write;

use bytes::Bytes;
use flate2::Compression;
use flate2::write::GzEncoder;

/// The padding compressed per step: 64 KiB, about 70 bytes once compressed. Small, as hyper
/// gathers up to 16 steps before it sends them.
static STEP: [u8; 64 * 1024] = [b'x'; 64 * 1024];

/// A body of `head`, `padding` bytes of `x`, then `tail` (no padding: `head` alone), compressed
/// as it is read.
#[derive(Debug)]
pub struct GzipBody {
    /// `None` once the stream is finished.
    encoder: Option<GzEncoder<Vec<u8>>>,
    /// Padding bytes still to compress.
    padding: usize,
    tail: Vec<u8>,
}

// Writes go to a `Vec`, which never fails: their `io::Result`s are ignored below.
impl GzipBody {
    /// A stream of `head`, then `padding` bytes of `x`, then `tail`.
    pub(crate) fn new(head: &[u8], padding: usize, tail: Vec<u8>) -> GzipBody {
        let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
        let _ = encoder.write_all(head);
        GzipBody { encoder: Some(encoder), padding, tail }
    }

    /// The next compressed bytes: up to a step of padding (flushed, so they decode at once),
    /// with the tail and the gzip trailer after the last; `None` once all was sent.
    pub fn next_step(&mut self) -> Option<Bytes> {
        let encoder = self.encoder.as_mut()?;
        let step = STEP.len().min(self.padding);
        let _ = encoder.write_all(&STEP[..step]);
        self.padding -= step;
        if self.padding > 0 {
            let _ = encoder.flush();
            return Some(Bytes::from(std::mem::take(encoder.get_mut())));
        }
        let mut encoder = self.encoder.take()?;
        let _ = encoder.write_all(&self.tail);
        encoder.finish().ok().map(Bytes::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn decodes_to_head_padding_and_tail() {
        let padding = 40 * STEP.len() + 5;
        let mut body = GzipBody::new(b"{\"p\":\"", padding, b"\"}".to_vec());
        let mut compressed = Vec::new();
        let mut steps = 0;
        while let Some(bytes) = body.next_step() {
            compressed.extend_from_slice(&bytes);
            steps += 1;
        }
        assert_eq!(steps, 41);
        assert!(compressed.len() < padding / 500, "{} bytes", compressed.len());
        let mut decoded = String::new();
        flate2::read::GzDecoder::new(&compressed[..]).read_to_string(&mut decoded).unwrap();
        assert_eq!(decoded.len(), 6 + padding + 2);
        let value: serde_json::Value = serde_json::from_str(&decoded).unwrap();
        assert_eq!(value["p"].as_str().map(str::len), Some(padding));
    }
}
