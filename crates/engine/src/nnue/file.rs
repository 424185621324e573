//! The net file format, little-endian throughout:
//!
//! ```text
//! magic        8 bytes  "JJNNUE\r\n" (the line ending catches text-mode copies)
//! version      u32      1, or 2 with output buckets
//! feature set  u32      1 = 14 kinds × 90 points a perspective, king mirrored to files d–e;
//!                       2 = the same for each of the own king's 6 buckets (`features`)
//! inputs       u32      1260 (set 1) or 7560 (set 2)
//! hidden       u32      accumulator width, 1 to 4096
//! activation   u32      1 = clipped ReLU, 2 = squared clipped ReLU
//! buckets      u32      (version 2 only) output buckets, 1 to 8; version 1 has one
//! qa, qb       u32 ×2   quantisation scales, 1 to 32767
//! scale        u32      centipawns per output unit, 1 to 10000
//! text length  u32      then that many bytes of UTF-8: what the net was trained on
//! weights      i16 × inputs·hidden (one column per input), i16 × hidden (bias),
//!              per bucket i16 × 2·hidden (output: side to move, then opponent),
//!              per bucket i32 (output bias)
//! checksum     u32      FNV-1a of every byte before it
//! ```
//!
//! A net with one output bucket is written as version 1, byte for byte as before buckets
//! existed, so that every earlier net and its checksum stay what they were.
//!
//! Reading parses, then validates, and every problem is a `NetError` naming what is wrong: a
//! damaged `EvalFile` must leave the engine on its classical evaluation, never crash it. The
//! weight bounds guarantee that no accumulator (at most 32 inputs plus the bias) leaves i16
//! and no output sum leaves i32.

use super::features::{FeatureSet, MAX_ACTIVE, MAX_INPUTS};
use super::net::{Activation, Net, NetHeader};
use std::fmt;

pub const MAGIC: &[u8; 8] = b"JJNNUE\r\n";
/// The newest version this build writes and reads (it reads 1 too).
pub const VERSION: u32 = 2;
/// The most output buckets a net may have.
pub const MAX_BUCKETS: u32 = 8;
const MAX_HIDDEN: u32 = 4096;
/// The largest QA of a net with the squared activation: `(QA << 4)` fits 16 bits.
pub const MAX_SQUARED_QA: i64 = 2047;
const MAX_TEXT: u32 = 1 << 16;

/// Everything that can be wrong with a net file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    Io(String),
    /// The file ends inside `field`.
    Truncated {
        field: &'static str,
    },
    BadMagic,
    UnsupportedVersion(u32),
    UnknownFeatureSet(u32),
    /// The inputs stored, and the number the feature set has.
    InputCount(u32, usize),
    HiddenSize(u32),
    UnknownActivation(u32),
    OutputBuckets(u32),
    /// A scale (`qa`, `qb` or `scale`) out of its range.
    Scale {
        name: &'static str,
        value: u32,
    },
    TextNotUtf8,
    TextTooLong(u32),
    /// Bytes after the checksum.
    TrailingBytes(usize),
    Checksum {
        stored: u32,
        computed: u32,
    },
    /// Weights so large that a sum could overflow.
    WeightRange(&'static str),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io(e) => write!(f, "cannot read the net: {e}"),
            NetError::Truncated { field } => write!(f, "the file ends inside the {field}"),
            NetError::BadMagic => write!(f, "not a jiangjun net (wrong magic bytes)"),
            NetError::UnsupportedVersion(v) => {
                write!(f, "format version {v}, this build reads 1 and {VERSION}")
            }
            NetError::UnknownFeatureSet(s) => {
                write!(
                    f,
                    "feature set {s}, this build knows 1 (plain) and 2 (king buckets)"
                )
            }
            NetError::InputCount(n, want) => {
                write!(f, "{n} inputs, the feature set has {want}")
            }
            NetError::HiddenSize(n) => write!(f, "accumulator width {n}, not 1 to {MAX_HIDDEN}"),
            NetError::UnknownActivation(a) => {
                write!(f, "activation {a}, this build knows 1 and 2")
            }
            NetError::OutputBuckets(n) => {
                write!(f, "{n} output buckets, not 1 to {MAX_BUCKETS}")
            }
            NetError::Scale { name, value } => write!(f, "{name} = {value} is out of range"),
            NetError::TextNotUtf8 => write!(f, "the description is not UTF-8"),
            NetError::TextTooLong(n) => write!(f, "a description of {n} bytes, at most {MAX_TEXT}"),
            NetError::TrailingBytes(n) => write!(f, "{n} bytes after the checksum"),
            NetError::Checksum { stored, computed } => {
                write!(
                    f,
                    "checksum {stored:08x}, the contents give {computed:08x} (damaged file)"
                )
            }
            NetError::WeightRange(what) => write!(f, "{what} too large: a sum could overflow"),
        }
    }
}

impl std::error::Error for NetError {}

/// FNV-1a, 32 bits.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The bytes of a net file.
pub fn to_bytes(net: &Net) -> Vec<u8> {
    let h = &net.header;
    let mut out = Vec::with_capacity(64 + 2 * net.feature_weights.len());
    out.extend_from_slice(MAGIC);
    let text = h.description.as_bytes();
    let version = if h.buckets > 1 { VERSION } else { 1 };
    for v in [
        version,
        h.features.id(),
        h.features.inputs() as u32,
        h.hidden as u32,
        h.activation.id(),
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    if version > 1 {
        out.extend_from_slice(&(h.buckets as u32).to_le_bytes());
    }
    for v in [h.qa, h.qb, h.scale] {
        out.extend_from_slice(&(v as u32).to_le_bytes());
    }
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text);
    for w in net
        .feature_weights
        .iter()
        .chain(&net.feature_bias)
        .chain(&net.output_weights)
    {
        out.extend_from_slice(&w.to_le_bytes());
    }
    for b in &net.output_bias {
        out.extend_from_slice(&b.to_le_bytes());
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The checksum a file of `net` carries: a short name for exactly these weights (data made
/// with a net records it).
pub fn fingerprint(net: &Net) -> u32 {
    let bytes = to_bytes(net);
    checksum(&bytes[..bytes.len() - 4])
}

/// A cursor over the file that names the field it failed in.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, field: &'static str) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(NetError::Truncated { field })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u32(&mut self, field: &'static str) -> Result<u32, NetError> {
        let b = self.take(4, field)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn i16s(&mut self, n: usize, field: &'static str) -> Result<Vec<i16>, NetError> {
        let b = self.take(n * 2, field)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

/// Reads and checks a net file's bytes.
pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
    parse(bytes, true)
}

/// Reads and checks the bytes of the net built into the binary, all but the checksum: a byte
/// at a time over millions of bytes, it was half of the engine's start-up (about 10 ms before
/// the first `readyok` for a 512-wide net), and the build's own bytes cannot have been damaged
/// on the way. A test checks the built-in net with `from_bytes`.
pub fn from_builtin_bytes(bytes: &[u8]) -> Result<Net, NetError> {
    parse(bytes, false)
}

fn parse(bytes: &[u8], verify: bool) -> Result<Net, NetError> {
    let mut r = Reader { bytes, at: 0 };
    if r.take(MAGIC.len(), "magic bytes")? != MAGIC {
        return Err(NetError::BadMagic);
    }
    let version = r.u32("version")?;
    if !(1..=VERSION).contains(&version) {
        return Err(NetError::UnsupportedVersion(version));
    }
    let id = r.u32("feature set")?;
    let features = FeatureSet::from_id(id).ok_or(NetError::UnknownFeatureSet(id))?;
    let inputs = r.u32("input count")?;
    if inputs as usize != features.inputs() {
        return Err(NetError::InputCount(inputs, features.inputs()));
    }
    let hidden = r.u32("accumulator width")?;
    if !(1..=MAX_HIDDEN).contains(&hidden) {
        return Err(NetError::HiddenSize(hidden));
    }
    let id = r.u32("activation")?;
    let activation = Activation::from_id(id).ok_or(NetError::UnknownActivation(id))?;
    let buckets = if version > 1 {
        r.u32("output buckets")?
    } else {
        1
    };
    if !(1..=MAX_BUCKETS).contains(&buckets) {
        return Err(NetError::OutputBuckets(buckets));
    }
    let mut scale = |name: &'static str, max: u32| -> Result<i32, NetError> {
        let value = r.u32(name)?;
        if (1..=max).contains(&value) {
            Ok(value as i32)
        } else {
            Err(NetError::Scale { name, value })
        }
    };
    let (qa, qb, cp) = (
        scale("qa", 32767)?,
        scale("qb", 32767)?,
        scale("scale", 10000)?,
    );
    let text_len = r.u32("description length")?;
    if text_len > MAX_TEXT {
        return Err(NetError::TextTooLong(text_len));
    }
    let text = r.take(text_len as usize, "description")?;
    let description = String::from_utf8(text.to_vec()).map_err(|_| NetError::TextNotUtf8)?;
    let h = hidden as usize;
    let feature_weights = r.i16s(features.inputs() * h, "feature weights")?;
    let feature_bias = r.i16s(h, "feature bias")?;
    let buckets = buckets as usize;
    let output_weights = r.i16s(buckets * 2 * h, "output weights")?;
    let output_bias = (0..buckets)
        .map(|_| r.u32("output bias").map(|b| b as i32))
        .collect::<Result<Vec<_>, _>>()?;
    let body_end = r.at;
    let stored = r.u32("checksum")?;
    if r.at != bytes.len() {
        return Err(NetError::TrailingBytes(bytes.len() - r.at));
    }
    if verify {
        let computed = checksum(&bytes[..body_end]);
        if stored != computed {
            return Err(NetError::Checksum { stored, computed });
        }
    }
    let net = Net {
        header: NetHeader {
            features,
            hidden: h,
            activation,
            buckets,
            qa,
            qb,
            scale: cp,
            description,
        },
        feature_weights,
        feature_bias,
        output_weights,
        output_bias,
    };
    check_ranges(&net)?;
    Ok(net)
}

/// The largest magnitude in `v`, as i64.
fn max_abs(v: &[i16]) -> i64 {
    v.iter().map(|&w| i64::from(w).abs()).max().unwrap_or(0)
}

/// No accumulator leaves i16, no output sum leaves i32.
pub fn check_ranges(net: &Net) -> Result<(), NetError> {
    let acc = max_abs(&net.feature_bias) + MAX_ACTIVE as i64 * max_abs(&net.feature_weights);
    if acc > i64::from(i16::MAX) {
        return Err(NetError::WeightRange("feature weights"));
    }
    let bias = net.output_bias.iter().map(|&b| i64::from(b).abs()).max();
    let qa = i64::from(net.header.qa);
    let out = match net.header.activation {
        Activation::Clipped => {
            qa * max_abs(&net.output_weights) * 2 * net.hidden() as i64 + bias.unwrap_or(0)
        }
        Activation::SquaredClipped => {
            // The kernel squares to 16 bits (`kernels::output_sum_squared`): a value may clip
            // at most at 2047. The sum is bounded by each bucket's own weights, since a bound
            // by the largest weight alone would leave the squares too little room.
            if qa > MAX_SQUARED_QA {
                return Err(NetError::Scale {
                    name: "qa",
                    value: qa as u32,
                });
            }
            // The largest square the kernel reads: the unit rounded down.
            let (num, den) = net.header.activation.unit(net.header.qa);
            net.output_weights
                .chunks_exact(2 * net.hidden())
                .map(|ws| num / den * ws.iter().map(|&w| i64::from(w).abs()).sum::<i64>())
                .max()
                .unwrap_or(0)
                + bias.unwrap_or(0)
        }
    };
    if out > i64::from(i32::MAX) {
        return Err(NetError::WeightRange("output weights"));
    }
    Ok(())
}

/// The largest file a valid net can be: the header's twelve words, the longest description,
/// the widest net's weights and biases (i16), the output biases and the checksum.
const MAX_BYTES: u64 = 4 * 12
    + MAX_TEXT as u64
    + 2 * (MAX_INPUTS as u64 + 1 + 2 * MAX_BUCKETS as u64) * MAX_HIDDEN as u64
    + 4 * MAX_BUCKETS as u64
    + 4;

/// Reads and checks a net file. Only a regular file no larger than any net can be is read: a
/// device or pipe named as the net (`/dev/zero`) must not hang the engine or fill its memory.
pub fn load(path: &str) -> Result<Net, NetError> {
    let io = |e: String| NetError::Io(format!("{path}: {e}"));
    let meta = std::fs::metadata(path).map_err(|e| io(e.to_string()))?;
    if !meta.is_file() {
        return Err(io("not a regular file".into()));
    }
    if meta.len() > MAX_BYTES {
        return Err(io(format!(
            "{} bytes, larger than any net can be ({MAX_BYTES})",
            meta.len()
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| io(e.to_string()))?;
    from_bytes(&bytes)
}
