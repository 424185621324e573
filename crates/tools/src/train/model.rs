//! The float net the trainer fits, its gradient, AdamW, and the quantisation into the
//! engine's integer net. The first layer is sparse: a forward pass adds the columns of at
//! most 32 active inputs a perspective, and the backward pass adds the accumulator's gradient
//! into those columns only. This is why there is no tensor crate: a general one would
//! multiply a 1260-wide (or 7560-wide), 97 %-zero input densely.
//!
//! Parameters live in one flat vector, `[w1 (inputs × h, one column per input) | b1 (h) |
//! w2 (2h a bucket: side to move, then opponent) | b2 (one a bucket)]`, so that AdamW and the
//! gradient sums are one loop. A sample goes through the output bucket of its piece count
//! (`Net::output`'s `output_bucket`); with one bucket the net is the plain one.
//!
//! The factors (see `factors`) are folded into the inputs' columns once a batch (`Folded`),
//! as `quantise` folds them for the engine: a position then adds one column per active input
//! instead of up to five, and the backward pass scatters into the inputs' own columns only.
//! The factors' gradients are those columns' gradients summed over the inputs each factor
//! belongs to (`spread_factors`), once a batch, since a folded column is the plain sum of its
//! own and its factors' columns.

use super::data::{Sample, sigmoid};
use jiangjun_engine::nnue::features::{FeatureSet, MAX_ACTIVE, PLANE};
use jiangjun_engine::nnue::{Activation, Net, NetHeader, output_bucket};
use jiangjun_rules::random::{self, RngExt};
use jiangjun_rules::xiangqi::types::{FILES, RANKS, SQUARES};
use std::borrow::Cow;

/// Quantisation: feature weights × QA (the activation clips at QA), output weights × QB.
/// These are the smallest scales `quantise` uses; it raises each as far as the net's own
/// largest weights leave room in i16 and i32, since the rounding of the first layer's weights
/// is most of the distance between the float net and the integer one.
pub const QA: i32 = 510;
pub const QB: i32 = 512;
/// The largest scales `quantise` picks: QA · QB stays well inside i32 for the output bias.
const MAX_QA: i32 = 4096;
const MAX_QB: i32 = 4096;
/// The squared activation's largest QA (the engine squares in 16 bits: `file`'s bound).
const SQUARED_MAX_QA: i64 = jiangjun_engine::nnue::file::MAX_SQUARED_QA;
/// Centipawns per output unit; the sigmoid of the output is the expected score.
pub const SCALE: i32 = 400;
/// Bounds kept after every step so that the quantised net passes `file::check_ranges` at the
/// smallest scales (33 × 1.9 × 510 < 32767; 510 × 1.98 × 512 × 2 × 1024 < 2^31).
const CLIP_FEATURE: f32 = 1.9;
const CLIP_OUTPUT: f32 = 1.98;

/// Shared columns that the trainer adds to the engine's inputs ("factors"): with king
/// buckets, one per piece slot and point whatever the king's bucket (the plain set's input);
/// then one per piece slot (what a piece is worth wherever it stands), one per slot and rank,
/// one per slot and file. An active input adds its own column and its factors' columns, so
/// what one point learns about a piece reaches every point of its rank and file (and every
/// bucket): with few positions per input most points are seen too rarely to learn alone.
/// `quantise` folds each factor into the inputs it belongs to, so the engine's net and its
/// file are the same as without them.
pub fn factors(set: FeatureSet) -> usize {
    let unbucketed = if set.buckets() > 1 { PLANE } else { 0 };
    unbucketed + SLOTS + SLOTS * RANKS + SLOTS * FILES
}
const SLOTS: usize = PLANE / SQUARES;

/// The trainer's columns that input `f` of `set` adds: its own, then (with factors) its
/// unbucketed plane input's (king buckets only), its slot's, its slot and rank's, its slot
/// and file's.
#[inline]
fn columns(set: FeatureSet, f: u16, factors: bool) -> ([usize; 5], usize) {
    let f = usize::from(f);
    if !factors {
        return ([f, 0, 0, 0, 0], 1);
    }
    let inputs = set.inputs();
    let within = f % PLANE;
    let (slot, point) = (within / SQUARES, within % SQUARES);
    let (rank, file) = (point / FILES, point % FILES);
    let (mut cols, mut n, mut at) = ([f, 0, 0, 0, 0], 1, inputs);
    if set.buckets() > 1 {
        cols[n] = at + within;
        n += 1;
        at += PLANE;
    }
    cols[n] = at + slot;
    cols[n + 1] = at + SLOTS + slot * RANKS + rank;
    cols[n + 2] = at + SLOTS + SLOTS * RANKS + slot * FILES + file;
    (cols, n + 3)
}

/// What the net is fitted to: the target blends the game result (`lambda`) with the search
/// score, and the prediction is the net's output weighted by `blend` plus the classical
/// evaluation weighted by the rest (1: the net alone), as `EvalBlend` will mix them in play.
/// Both go through a sigmoid of `centipawns / divisor`: the larger the divisor, the more a
/// difference between two large scores still counts.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Fit {
    pub lambda: f32,
    pub blend: f32,
    /// Centipawns per unit of the sigmoid's argument (`--loss-scale`; SCALE by default).
    pub divisor: f32,
}

impl Fit {
    /// The predicted probability for `s` from the net's output `out` (output units).
    #[inline]
    fn predict(&self, out: f32, s: &Sample) -> f32 {
        let units = if self.blend >= 1.0 {
            out
        } else {
            self.blend * out + (1.0 - self.blend) * s.classical / SCALE as f32
        };
        // Exactly 1 at the default, so that the default's arithmetic is what it always was.
        sigmoid(units * (SCALE as f32 / self.divisor))
    }

    /// The derivative of `predict`'s argument by the net's output.
    #[inline]
    fn slope(&self) -> f32 {
        self.blend.min(1.0) * (SCALE as f32 / self.divisor)
    }

    /// The target of `s`.
    #[inline]
    pub fn target(&self, s: &Sample) -> f32 {
        s.target(self.lambda, self.divisor)
    }
}

/// A float net of accumulator width `hidden`.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// Which inputs the net has.
    pub features: FeatureSet,
    pub hidden: usize,
    /// Whether the first layer has the `factors` columns after the inputs' own.
    pub factors: bool,
    /// Output buckets (see `with_output_buckets`).
    pub buckets: usize,
    /// What the output reads of an accumulator value `x`: `clamp(x, 0, 1)`, or its square.
    pub activation: Activation,
    pub params: Vec<f32>,
}

/// What an activation of 1 sums to in the engine's output (`Activation::unit`).
fn unit(activation: Activation, qa: i32) -> f64 {
    let (num, den) = activation.unit(qa);
    num as f64 / den as f64
}

/// The activation of `x` and its derivative.
#[inline]
fn activate(activation: Activation, x: f32) -> (f32, f32) {
    let c = x.clamp(0.0, 1.0);
    let live = x > 0.0 && x < 1.0;
    match activation {
        Activation::Clipped => (c, if live { 1.0 } else { 0.0 }),
        Activation::SquaredClipped => (c * c, if live { 2.0 * c } else { 0.0 }),
    }
}

impl FloatNet {
    /// Small random weights from `seed`, plain inputs, without factors.
    pub fn random(hidden: usize, seed: u64) -> FloatNet {
        FloatNet::random_with(FeatureSet::Plain, hidden, false, seed)
    }

    /// Small random weights from `seed`; the factors' columns, if any, start at zero.
    pub fn random_with(features: FeatureSet, hidden: usize, factors: bool, seed: u64) -> FloatNet {
        let mut rng = random::seeded(seed);
        let mut net = FloatNet {
            features,
            hidden,
            factors,
            buckets: 1,
            activation: Activation::Clipped,
            params: vec![0.0; Self::len(features, hidden, factors, 1)],
        };
        let (w1, _, _) = net.offsets();
        for w in &mut net.params[..features.inputs() * hidden] {
            *w = rng.random_range(-0.1..0.1);
        }
        for w in &mut net.params[w1..w1 + hidden] {
            *w = rng.random_range(0.0..0.2);
        }
        let bound = 1.0 / (2.0 * hidden as f32).sqrt();
        for w in &mut net.params[w1 + hidden..w1 + 3 * hidden] {
            *w = rng.random_range(-bound..bound);
        }
        net
    }

    /// The float net a quantised net came from, as near as the rounding allows: the starting
    /// point of training that goes on from an earlier net (`--init`). Only a net with this
    /// trainer's output scale (centipawns per unit) can be read back so.
    pub fn from_net(net: &Net, factors: bool) -> Result<FloatNet, String> {
        let h = &net.header;
        if h.scale != SCALE || h.qa <= 0 || h.qb <= 0 {
            return Err(format!(
                "the net has QA {}, QB {}, scale {}; this trainer needs positive scales and \
                 scale {SCALE}",
                h.qa, h.qb, h.scale
            ));
        }
        let (qa, qb) = (h.qa as f32, h.qb as f32);
        let mut params = Vec::with_capacity(Self::len(h.features, h.hidden, factors, h.buckets));
        params.extend(net.feature_weights.iter().map(|&w| f32::from(w) / qa));
        if factors {
            params.resize(params.len() + self::factors(h.features) * h.hidden, 0.0);
        }
        params.extend(net.feature_bias.iter().map(|&w| f32::from(w) / qa));
        params.extend(net.output_weights.iter().map(|&w| f32::from(w) / qb));
        let unit = unit(h.activation, h.qa);
        params.extend(
            net.output_bias
                .iter()
                .map(|&b| (f64::from(b) / (unit * f64::from(h.qb))) as f32),
        );
        Ok(FloatNet {
            features: h.features,
            hidden: h.hidden,
            factors,
            buckets: h.buckets,
            activation: h.activation,
            params,
        })
    }

    /// The same net with `buckets` output buckets, each a copy of bucket 0's weights and
    /// bias: a start from which the buckets learn their own (random or from an earlier
    /// net). One bucket leaves the net as it is.
    pub fn with_output_buckets(mut self, buckets: usize) -> FloatNet {
        if buckets == self.buckets {
            return self;
        }
        let (_, w2, b2) = self.offsets();
        let two_h = 2 * self.hidden;
        let weights = self.params[w2..w2 + two_h].to_vec();
        let bias = self.params[b2];
        self.params.truncate(w2);
        for _ in 0..buckets {
            self.params.extend_from_slice(&weights);
        }
        self.params.extend(std::iter::repeat_n(bias, buckets));
        self.buckets = buckets;
        self
    }

    pub fn len(features: FeatureSet, hidden: usize, factors: bool, buckets: usize) -> usize {
        Self::first_columns(features, factors) * hidden + hidden + buckets * (2 * hidden + 1)
    }

    fn first_columns(features: FeatureSet, factors: bool) -> usize {
        features.inputs() + if factors { self::factors(features) } else { 0 }
    }

    /// Where the first layer's bias, the output weights and the output biases start.
    fn offsets(&self) -> (usize, usize, usize) {
        let w1 = Self::first_columns(self.features, self.factors) * self.hidden;
        let w2 = w1 + self.hidden;
        (w1, w2, w2 + self.buckets * 2 * self.hidden)
    }

    /// The first layer with the factors added into each input's own column: what the
    /// engine's net holds, and what a forward pass reads.
    pub fn folded(&self) -> Folded<'_> {
        let inputs = self.features.inputs();
        let h = self.hidden;
        let own = &self.params[..inputs * h];
        if !self.factors {
            return Folded {
                net: self,
                w1: Cow::Borrowed(own),
            };
        }
        let mut w1 = own.to_vec();
        for (f, column) in w1.chunks_exact_mut(h).enumerate() {
            let (cols, n) = columns(self.features, f as u16, true);
            for &c in &cols[1..n] {
                for (w, x) in column.iter_mut().zip(&self.params[c * h..(c + 1) * h]) {
                    *w += x;
                }
            }
        }
        Folded {
            net: self,
            w1: Cow::Owned(w1),
        }
    }

    /// Adds the inputs' own columns of `grad` into the columns of their factors: after
    /// `Folded::gradient` has filled the own columns, this completes the gradient.
    pub fn spread_factors(&self, grad: &mut [f32]) {
        if !self.factors {
            return;
        }
        let h = self.hidden;
        let inputs = self.features.inputs();
        let (own, rest) = grad.split_at_mut(inputs * h);
        for (f, column) in own.chunks_exact(h).enumerate() {
            let (cols, n) = columns(self.features, f as u16, true);
            for &c in &cols[1..n] {
                let at = (c - inputs) * h;
                for (g, d) in rest[at..at + h].iter_mut().zip(column) {
                    *g += d;
                }
            }
        }
    }

    /// The output (in output units; × SCALE for centipawns) from the side to move's view.
    /// Folds the factors for this one call: many samples go through `folded` once.
    pub fn evaluate(&self, s: &Sample) -> f32 {
        self.folded().evaluate(s)
    }

    /// The gradient of the squared error of every sample, added into `grad` (same layout as
    /// `params`); returns the summed error.
    pub fn gradient(&self, samples: &[Sample], fit: Fit, grad: &mut [f32]) -> f64 {
        let error = self.folded().gradient(samples, fit, grad);
        self.spread_factors(grad);
        error
    }

    /// The summed squared error over `samples`.
    pub fn error(&self, samples: &[Sample], fit: Fit) -> f64 {
        self.folded().error(samples, fit)
    }

    /// Keeps every weight inside the bounds the quantised net needs.
    pub fn clip(&mut self) {
        let (_, w2, _) = self.offsets();
        for w in &mut self.params[..w2] {
            *w = w.clamp(-CLIP_FEATURE, CLIP_FEATURE);
        }
        for w in &mut self.params[w2..w2 + self.buckets * 2 * self.hidden] {
            *w = w.clamp(-CLIP_OUTPUT, CLIP_OUTPUT);
        }
    }

    /// The engine's integer net: weights rounded to the nearest step of their scale, the
    /// scales as fine as `file::check_ranges` allows for these weights (see `QA`).
    pub fn quantise(&self, description: String) -> Net {
        let (b1, w2, b2) = self.offsets();
        // Each input's own column plus its factors': the first layer the engine runs.
        let folded = self.folded().w1;
        let max_abs = |xs: &[f32]| xs.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        // The accumulator's worst case: the largest bias and 32 of the largest weights, each
        // rounded up by half a step (hence the 33 taken off).
        let acc = max_abs(&self.params[b1..w2]) + MAX_ACTIVE as f32 * max_abs(&folded);
        let qa = ((f32::from(i16::MAX) - 33.0) / acc.max(1e-9)).floor() as i64;
        let biases = &self.params[b2..b2 + self.buckets];
        let (qa, qb) = match self.activation {
            Activation::Clipped => {
                // Folded factors can pass the clip bound, so QA may have to go below its
                // usual floor.
                let qa = qa.clamp(1, i64::from(MAX_QA)) as i32;
                // The output sum's worst case: QA times 2h of the largest output weights,
                // rounded up, and the bias, below 2^31 with a tenth to spare.
                let out = 2.0 * self.hidden as f64 * f64::from(max_abs(&self.params[w2..b2]))
                    + f64::from(max_abs(biases));
                let room = 0.9 * f64::from(i32::MAX) / f64::from(qa) - 2.0 * self.hidden as f64;
                let qb = (room / out.max(1e-9)).floor() as i64;
                let qb = qb.clamp(i64::from(QB), i64::from(MAX_QB)) as i32;
                (qa, qb)
            }
            Activation::SquaredClipped => {
                let qa = qa.clamp(1, SQUARED_MAX_QA) as i32;
                // The engine drops each square's lowest 8 bits.
                let squares = unit(self.activation, qa).floor();
                // Rounded output weights inside i16, and per bucket the largest squares times
                // their magnitudes, plus the bias, below 2^31 with a tenth to spare.
                let largest = f64::from(max_abs(&self.params[w2..b2]));
                let by_weight = (f64::from(i16::MAX) - 1.0) / largest.max(1e-9);
                let worst_bucket = self.params[w2..b2]
                    .chunks_exact(2 * self.hidden)
                    .map(|ws| ws.iter().map(|w| f64::from(w.abs())).sum::<f64>())
                    .fold(0.0, f64::max);
                let bias = f64::from(max_abs(biases));
                let room = 0.9 * f64::from(i32::MAX) / squares - self.hidden as f64;
                let by_sum = room / (worst_bucket + bias).max(1e-9);
                let qb = by_weight.min(by_sum).floor().clamp(1.0, f64::from(MAX_QB)) as i32;
                (qa, qb)
            }
        };
        let unit = unit(self.activation, qa);
        let q = |x: f32, scale: i32| (x * scale as f32).round() as i16;
        let header = NetHeader {
            features: self.features,
            hidden: self.hidden,
            activation: self.activation,
            buckets: self.buckets,
            qa,
            qb,
            scale: SCALE,
            description,
        };
        Net {
            header,
            feature_weights: folded.iter().map(|&x| q(x, qa)).collect(),
            feature_bias: self.params[b1..w2].iter().map(|&x| q(x, qa)).collect(),
            output_weights: self.params[w2..b2].iter().map(|&x| q(x, qb)).collect(),
            output_bias: biases
                .iter()
                .map(|&b| (f64::from(b) * unit * f64::from(qb)).round() as i32)
                .collect(),
        }
    }
}

/// A net with its factors folded into the first layer (`FloatNet::folded`), for forward
/// and backward passes over many samples.
pub struct Folded<'a> {
    net: &'a FloatNet,
    /// One column of `hidden` weights per input.
    w1: Cow<'a, [f32]>,
}

impl Folded<'_> {
    /// Both accumulators of a sample (side to move first), before the activation.
    fn accumulate(&self, s: &Sample, acc: &mut [Vec<f32>; 2]) {
        let h = self.net.hidden;
        let (b1, _, _) = self.net.offsets();
        for (row, a) in acc.iter_mut().enumerate() {
            a.copy_from_slice(&self.net.params[b1..b1 + h]);
            for &f in s.active(row) {
                let f = usize::from(f);
                for (x, w) in a.iter_mut().zip(&self.w1[f * h..(f + 1) * h]) {
                    *x += w;
                }
            }
        }
    }

    /// The output bucket of `s` and where its output weights start.
    #[inline]
    fn bucket(&self, s: &Sample) -> (usize, usize) {
        let (_, w2, _) = self.net.offsets();
        let bucket = output_bucket(usize::from(s.count), self.net.buckets);
        (bucket, w2 + bucket * 2 * self.net.hidden)
    }

    fn output_of(&self, acc: &[Vec<f32>; 2], s: &Sample) -> f32 {
        let h = self.net.hidden;
        let (_, _, b2) = self.net.offsets();
        let (bucket, w2) = self.bucket(s);
        let params = &self.net.params;
        let mut out = params[b2 + bucket];
        for (row, a) in acc.iter().enumerate() {
            let w = &params[w2 + row * h..w2 + (row + 1) * h];
            let act = self.net.activation;
            out += a
                .iter()
                .zip(w)
                .map(|(&x, w)| activate(act, x).0 * w)
                .sum::<f32>();
        }
        out
    }

    /// The output (in output units; × SCALE for centipawns) from the side to move's view.
    pub fn evaluate(&self, s: &Sample) -> f32 {
        let h = self.net.hidden;
        let mut acc = [vec![0.0; h], vec![0.0; h]];
        self.accumulate(s, &mut acc);
        self.output_of(&acc, s)
    }

    /// Adds the gradient of the squared error `(prediction − target)²` of every sample
    /// into `grad` (same layout as `params`), the first layer's into the inputs' own
    /// columns only (`FloatNet::spread_factors` completes it), and returns the summed error.
    pub fn gradient(&self, samples: &[Sample], fit: Fit, grad: &mut [f32]) -> f64 {
        let h = self.net.hidden;
        let (b1, _, b2) = self.net.offsets();
        let params = &self.net.params;
        let mut acc = [vec![0.0; h], vec![0.0; h]];
        let mut d_acc = vec![0.0; h];
        let mut error = 0.0;
        for s in samples {
            self.accumulate(s, &mut acc);
            let p = fit.predict(self.output_of(&acc, s), s);
            let diff = p - fit.target(s);
            error += f64::from(diff * diff);
            let g_out = 2.0 * diff * p * (1.0 - p) * fit.slope();
            let (bucket, w2) = self.bucket(s);
            grad[b2 + bucket] += g_out;
            for (row, a) in acc.iter().enumerate() {
                let w = &params[w2 + row * h..w2 + (row + 1) * h];
                let g_w2 = &mut grad[w2 + row * h..w2 + (row + 1) * h];
                for j in 0..h {
                    let (value, slope) = activate(self.net.activation, a[j]);
                    g_w2[j] += g_out * value;
                    // Zero, not a signed zero, where the activation is flat.
                    d_acc[j] = if slope != 0.0 {
                        g_out * w[j] * slope
                    } else {
                        0.0
                    };
                }
                for (g, d) in grad[b1..b1 + h].iter_mut().zip(&d_acc) {
                    *g += d;
                }
                for &f in s.active(row) {
                    let f = usize::from(f);
                    for (g, d) in grad[f * h..(f + 1) * h].iter_mut().zip(&d_acc) {
                        *g += d;
                    }
                }
            }
        }
        error
    }

    /// The summed squared error over `samples` (one pair of accumulators for them all: the
    /// validation set is millions of samples every epoch).
    pub fn error(&self, samples: &[Sample], fit: Fit) -> f64 {
        let h = self.net.hidden;
        let mut acc = [vec![0.0; h], vec![0.0; h]];
        samples
            .iter()
            .map(|s| {
                self.accumulate(s, &mut acc);
                let d = fit.predict(self.output_of(&acc, s), s) - fit.target(s);
                f64::from(d * d)
            })
            .sum()
    }
}

/// AdamW: Adam on the gradient, and a decay of every weight by `lr × wd` per step that does
/// not go through the moment estimates.
pub struct AdamW {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
    pub lr: f32,
    pub wd: f32,
}

impl AdamW {
    pub fn new(len: usize, lr: f32, wd: f32) -> AdamW {
        AdamW {
            m: vec![0.0; len],
            v: vec![0.0; len],
            t: 0,
            lr,
            wd,
        }
    }

    /// One step on the sum of the gradients in `grads` times `scale`, which also leaves
    /// every buffer of `grads` zeroed for the next batch. The parameters go in `threads`
    /// ranges, one a thread: each weight's update reads only its own moments, so the
    /// result is the same for any number of threads.
    pub fn step(&mut self, params: &mut [f32], grads: &mut [Vec<f32>], scale: f32, threads: usize) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        let (lr, wd) = (self.lr, self.wd);
        let part = params.len().div_ceil(threads.max(1)).max(1);
        // Each thread takes the same range of every gradient buffer.
        let mut ranges: Vec<Vec<&mut [f32]>> = (0..params.len().div_ceil(part))
            .map(|_| Vec::with_capacity(grads.len()))
            .collect();
        for g in grads.iter_mut() {
            for (range, chunk) in ranges.iter_mut().zip(g.chunks_mut(part)) {
                range.push(chunk);
            }
        }
        std::thread::scope(|scope| {
            for (((w, m), v), mut g) in params
                .chunks_mut(part)
                .zip(self.m.chunks_mut(part))
                .zip(self.v.chunks_mut(part))
                .zip(ranges)
            {
                scope.spawn(move || {
                    let (first, rest) = g.split_at_mut(1);
                    for other in rest.iter_mut() {
                        for (a, b) in first[0].iter_mut().zip(other.iter_mut()) {
                            *a += *b;
                            *b = 0.0;
                        }
                    }
                    for (((w, g), m), v) in w.iter_mut().zip(first[0].iter_mut()).zip(m).zip(v) {
                        let d = *g * scale;
                        *g = 0.0;
                        *m = B1 * *m + (1.0 - B1) * d;
                        *v = B2 * *v + (1.0 - B2) * d * d;
                        *w -= lr * ((*m / c1) / ((*v / c2).sqrt() + 1e-8) + wd * *w);
                    }
                });
            }
        });
    }
}
