//! A quantised net in memory and its integer inference: the inputs of its feature set (1260
//! or 7560) a perspective into an
//! accumulator of `hidden` i16 values (feature weights scaled by QA), both accumulators (side
//! to move first) through the activation into one output with i16 weights scaled by QB. The
//! activation clips each value to 0 to QA (clipped ReLU), and squares it after clipping in a
//! net whose header says so (squared clipped ReLU, as in Stockfish's and Bullet's nets: a
//! value's effect grows with it, which a sum of clipped values cannot express). The output is
//! `(Σ act(acc)·w + bias) · scale / (QA · QB)` centipawns, or with the squares (their lowest
//! 8 bits dropped) `· scale · 256 / (QA² · QB)`, with
//! the output weights and bias of the position's output bucket: nets may have several, chosen
//! by the number of pieces on the board (`output_bucket`), so that an endgame is weighed by
//! weights of its own.
//!
//! The loops are in `kernels` (portable, and an AVX2 copy chosen at run time). `file` checks
//! on load that no sum can overflow its type.

use super::features::FeatureSet;
use super::kernels;

/// What the output layer reads of each accumulator value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, QA)`.
    Clipped,
    /// `clamp(x, 0, QA)²`.
    SquaredClipped,
}

impl Activation {
    /// The number a net file stores for it.
    pub fn id(self) -> u32 {
        match self {
            Activation::Clipped => 1,
            Activation::SquaredClipped => 2,
        }
    }

    pub fn from_id(id: u32) -> Option<Activation> {
        match id {
            1 => Some(Activation::Clipped),
            2 => Some(Activation::SquaredClipped),
            _ => None,
        }
    }

    /// What an activation of 1 (a value at QA) sums to in the output, as the fraction
    /// `numerator / denominator`: QA clipped; squared, QA² / 256, as the kernel drops each
    /// square's lowest 8 bits. The output bias is scaled by it times QB.
    pub fn unit(self, qa: i32) -> (i64, i64) {
        let qa = i64::from(qa);
        match self {
            Activation::Clipped => (qa, 1),
            Activation::SquaredClipped => (qa * qa, 256),
        }
    }

    /// Its name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Activation::Clipped => "crelu",
            Activation::SquaredClipped => "screlu",
        }
    }
}

/// What a net file says about the net besides its weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetHeader {
    /// Which inputs the net has.
    pub features: FeatureSet,
    /// Width of each perspective's accumulator.
    pub hidden: usize,
    /// What the output reads of the accumulators.
    pub activation: Activation,
    /// Output buckets (sets of output weights and bias), by the number of pieces.
    pub buckets: usize,
    /// Scale of the feature weights and biases; the activation clips at QA.
    pub qa: i32,
    /// Scale of the output weights (the output bias is scaled by `Activation::unit` · QB).
    pub qb: i32,
    /// Centipawns per unit of the float output (the trainer's sigmoid takes output units).
    pub scale: i32,
    /// What the net was trained on, in the trainer's words.
    pub description: String,
}

/// A quantised net, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    pub header: NetHeader,
    /// `inputs × hidden`, one contiguous column of `hidden` per input.
    pub feature_weights: Vec<i16>,
    pub feature_bias: Vec<i16>,
    /// `2 × hidden` per output bucket: the side to move's half, then the opponent's.
    pub output_weights: Vec<i16>,
    /// One per output bucket.
    pub output_bias: Vec<i32>,
}

/// The output bucket of a position with `pieces` pieces (kings included, 2 to 32) among
/// `buckets`: equal shares of the piece count, the fullest boards in the last.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(1) * buckets / 32).min(buckets - 1)
}

impl Net {
    #[inline]
    pub fn hidden(&self) -> usize {
        self.header.hidden
    }

    #[inline]
    pub fn features(&self) -> FeatureSet {
        self.header.features
    }

    /// The column of weights that input `feature` adds to an accumulator.
    #[inline]
    pub fn column(&self, feature: usize) -> &[i16] {
        let h = self.hidden();
        &self.feature_weights[feature * h..(feature + 1) * h]
    }

    /// An accumulator from scratch: the bias plus the column of every active input.
    pub fn refresh(&self, features: &[u16], acc: &mut [i16]) {
        acc.copy_from_slice(&self.feature_bias);
        for &f in features {
            kernels::add(acc, self.column(usize::from(f)));
        }
    }

    /// The evaluation in centipawns from the side to move's view, from its accumulator and
    /// the opponent's, for a position with `pieces` pieces on the board.
    pub fn output(&self, us: &[i16], them: &[i16], pieces: usize) -> i32 {
        let h = self.hidden();
        let qa = self.header.qa as i16;
        let bucket = output_bucket(pieces, self.header.buckets);
        let (w_us, w_them) = self.output_weights[bucket * 2 * h..(bucket + 1) * 2 * h].split_at(h);
        let sum = match self.header.activation {
            Activation::Clipped => kernels::output_sum(us, w_us, them, w_them, qa),
            Activation::SquaredClipped => kernels::output_sum_squared(us, w_us, them, w_them, qa),
        };
        let sum = sum.wrapping_add(self.output_bias[bucket]);
        let (num, den) = self.header.activation.unit(self.header.qa);
        let cp =
            i64::from(sum) * i64::from(self.header.scale) * den / (num * i64::from(self.header.qb));
        // Far inside the search's mate scores whatever the weights.
        cp.clamp(-20_000, 20_000) as i32
    }

    /// A net of zeros with this shape (a starting point for tests and `file`).
    pub fn zeroed(header: NetHeader) -> Net {
        let (h, inputs, buckets) = (header.hidden, header.features.inputs(), header.buckets);
        Net {
            header,
            feature_weights: vec![0; inputs * h],
            feature_bias: vec![0; h],
            output_weights: vec![0; buckets * 2 * h],
            output_bias: vec![0; buckets],
        }
    }
}
