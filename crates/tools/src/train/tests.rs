//! The trainer against the engine: the float net and its quantised integer net agree within a
//! few centipawns, and the analytic gradient matches finite differences.

use super::data::Sample;
use super::model::{FloatNet, SCALE};
use jiangjun_engine::game::Xiangqi;
use jiangjun_engine::nnue::Activation;
use jiangjun_engine::nnue::features::{FeatureSet, PLANE};
use jiangjun_rules::Game;
use jiangjun_rules::random::{self, RngExt};
use jiangjun_rules::{GenKind, MoveList};
use std::sync::Arc;

/// `count` positions from random playouts of seed `seed`.
fn random_positions(count: usize, seed: u64) -> Vec<Xiangqi> {
    let mut rng = random::seeded(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Xiangqi::startpos();
        for _ in 0..rng.random_range(1..120) {
            let mut list = MoveList::new(jiangjun_rules::xiangqi::Move::NONE);
            pos.generate_legal(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list.as_slice()[rng.random_range(0..list.len())]);
        }
        out.push(pos);
    }
    out
}

/// The worst and mean distance in centipawns between `float` and its quantised net, the
/// latter through the engine's own `Xiangqi::evaluate`, over 1000 random playout positions.
fn quantisation_distance(float: &FloatNet) -> (f32, f32) {
    let net = Arc::new(float.quantise("test".into()));
    let mut worst = 0.0f32;
    let mut total = 0.0f32;
    let positions = random_positions(1000, 9);
    for pos in &positions {
        let sample = Sample::new(pos, float.features, 0.5, 0.0)
            .expect("a legal position has at most 32 pieces");
        let want = float.evaluate(&sample) * SCALE as f32;
        let mut engine = pos.clone();
        engine.set_net(Some(Arc::clone(&net)));
        let diff = (engine.evaluate() as f32 - want).abs();
        worst = worst.max(diff);
        total += diff;
    }
    (worst, total / positions.len() as f32)
}

#[test]
fn float_and_quantised_nets_agree_within_a_few_centipawns() {
    let random = FloatNet::random(128, 5);
    // Weights spread as a trained net's are (its first layer's largest near 0.3, the output
    // layer's near 1): the scales `quantise` picks then are the ones trained nets get.
    let mut trained_like = FloatNet::random(256, 6);
    let w1 = FeatureSet::Plain.inputs() * 256;
    trained_like.params[..w1].iter_mut().for_each(|w| *w *= 3.0);
    trained_like.params[w1 + 256..]
        .iter_mut()
        .for_each(|w| *w *= 8.0);
    for float in [random, trained_like] {
        let (worst, mean) = quantisation_distance(&float);
        assert!(
            worst <= 3.0 && mean <= 1.0,
            "hidden {}: worst {worst} cp, mean {mean} cp",
            float.hidden
        );
        // Squared, QA is at most 2047 (the engine squares in 16 bits) and the output weights
        // take what room the squares leave.
        let squared = FloatNet {
            activation: Activation::SquaredClipped,
            ..float
        };
        let (worst, mean) = quantisation_distance(&squared);
        assert!(
            worst <= 6.0 && mean <= 2.0,
            "squared, hidden {}: worst {worst} cp, mean {mean} cp",
            squared.hidden
        );
    }
}

#[test]
fn the_gradient_matches_finite_differences() {
    for set in [FeatureSet::Plain, FeatureSet::KingBuckets] {
        for activation in [Activation::Clipped, Activation::SquaredClipped] {
            gradient_matches_finite_differences(set, activation);
        }
    }
}

fn gradient_matches_finite_differences(set: FeatureSet, activation: Activation) {
    let mut net = FloatNet {
        activation,
        ..FloatNet::random_with(set, 8, true, 3)
    };
    // Factors start at zero: give them values, as training would.
    let inputs = set.inputs();
    let factor_start = inputs * 8;
    let mut rng = random::seeded(8);
    for w in &mut net.params[factor_start..factor_start + super::model::factors(set) * 8] {
        *w = rng.random_range(-0.1..0.1);
    }
    let samples: Vec<Sample> = random_positions(20, 4)
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Sample::new(p, set, (i % 3) as f32 / 2.0, (i as f32 - 10.0) * 30.0))
        .collect();
    let mut grad = vec![0.0; net.params.len()];
    // Fitted for a blend with the classical evaluation, and with a loss scale other than
    // the output's, which both scale the gradient.
    let fit = super::model::Fit {
        lambda: 0.5,
        blend: 0.7,
        divisor: 700.0,
    };
    net.gradient(&samples, fit, &mut grad);
    // The output bias, an output weight, a first-layer bias, a column of an active input, and
    // the columns of its factors (with king buckets its unbucketed input; its slot, its slot
    // and rank, its slot and file).
    let f = usize::from(samples[0].active(0)[0]);
    let n = net.params.len();
    let h = net.hidden;
    let within = f % PLANE;
    let (slot, point) = (within / 90, within % 90);
    let (unbucketed, at) = match set {
        FeatureSet::Plain => (None, inputs),
        FeatureSet::KingBuckets => (Some(inputs + within), inputs + PLANE),
    };
    let by_slot = at + slot;
    let by_rank = at + 14 + slot * 10 + point / 9;
    let by_file = at + 14 + 140 + slot * 9 + point % 9;
    let mut checked = vec![
        n - 1,
        n - 2,
        n - 1 - 2 * h - 3,
        f * h + 2,
        by_slot * h + 1,
        by_rank * h + 3,
        by_file * h + 5,
    ];
    checked.extend(unbucketed.map(|c| c * h + 4));
    for i in checked {
        let numeric = numeric_gradient(&mut net, &samples, fit, i);
        assert!(
            (numeric - grad[i]).abs() <= 1e-3 + 0.05 * numeric.abs(),
            "{set:?}, {activation:?}, parameter {i}: analytic {} numeric {numeric}",
            grad[i]
        );
    }
}

/// The error's derivative by parameter `i`, by central differences.
fn numeric_gradient(
    net: &mut FloatNet,
    samples: &[Sample],
    fit: super::model::Fit,
    i: usize,
) -> f32 {
    let e = 1e-3;
    let keep = net.params[i];
    net.params[i] = keep + e;
    let up = net.error(samples, fit);
    net.params[i] = keep - e;
    let down = net.error(samples, fit);
    net.params[i] = keep;
    ((up - down) / (2.0 * f64::from(e))) as f32
}

#[test]
fn a_net_read_back_for_more_training_quantises_to_itself() {
    let float = FloatNet::random(16, 3);
    let net = float.quantise("first".into());
    let back = FloatNet::from_net(&net, false).expect("the trainer's own quantisation");
    assert_eq!(back.hidden, 16);
    let again = back.quantise("first".into());
    assert_eq!(again, net, "dequantised weights round to the same integers");
    let mut other = net.clone();
    other.header.scale = 300;
    assert!(FloatNet::from_net(&other, false).is_err());
    let squared = FloatNet {
        activation: Activation::SquaredClipped,
        ..float
    }
    .quantise("squared".into());
    let back = FloatNet::from_net(&squared, false).expect("the trainer's own quantisation");
    assert_eq!(back.activation, Activation::SquaredClipped);
    assert_eq!(back.quantise("squared".into()), squared);
}

#[test]
fn factors_fold_into_the_engine_s_net() {
    for set in [FeatureSet::Plain, FeatureSet::KingBuckets] {
        let mut float = FloatNet::random_with(set, 16, true, 11);
        let inputs = set.inputs();
        let mut rng = random::seeded(12);
        for w in &mut float.params[inputs * 16..(inputs + super::model::factors(set)) * 16] {
            *w = rng.random_range(-0.2..0.2);
        }
        let net = Arc::new(float.quantise("factors".into()));
        assert_eq!(net.features(), set);
        for pos in &random_positions(200, 13) {
            let sample =
                Sample::new(pos, set, 0.5, 0.0).expect("a legal position has at most 32 pieces");
            let want = float.evaluate(&sample) * SCALE as f32;
            let mut engine = pos.clone();
            engine.set_net(Some(Arc::clone(&net)));
            let got = engine.evaluate() as f32;
            assert!(
                (got - want).abs() <= 3.0,
                "{set:?}: engine {got}, trainer {want}"
            );
        }
    }
}

#[test]
fn the_trainer_reads_a_shard_as_the_lines_it_dumps() {
    use crate::datagen::tests::{dump_text, shard_bytes};
    let bytes = shard_bytes(5, 2);
    let text = dump_text(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let set = FeatureSet::KingBuckets;
    let (from_text, bad) = crate::train::data::load(&lines, set, 2);
    let from_games =
        crate::train::data::load_games(&[("shard".into(), bytes)], set, 2).expect("a sound shard");
    assert_eq!(bad, 0);
    assert!(from_text.len() > 20);
    assert!(
        from_text == from_games,
        "the same samples, in the same order"
    );
}

#[test]
fn a_nets_header_names_files_not_directories() {
    assert_eq!(super::file_name("../../data/dg"), "dg");
    assert_eq!(super::file_name("data/dg/"), "dg");
    assert_eq!(super::file_name("C:\\nets\\b.nnue"), "b.nnue");
    assert_eq!(super::file_name("<builtin>"), "<builtin>");
}

/// A random net with four output buckets that differ from each other.
fn bucketed(set: FeatureSet, seed: u64) -> FloatNet {
    let mut net = FloatNet::random_with(set, 8, false, seed).with_output_buckets(4);
    let n = net.params.len();
    let mut rng = random::seeded(seed + 1);
    // The output weights and biases are the last 4 × (2 × 8) + 4 parameters.
    for w in &mut net.params[n - 4 * 17..] {
        *w += rng.random_range(-0.2..0.2);
    }
    net
}

#[test]
fn output_buckets_train_and_quantise_as_the_engine_reads_them() {
    let set = FeatureSet::KingBuckets;
    // A copy of one output into several buckets changes nothing.
    let one = FloatNet::random_with(set, 8, false, 21);
    let four = one.clone().with_output_buckets(4);
    let samples: Vec<Sample> = random_positions(40, 22)
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Sample::new(p, set, (i % 3) as f32 / 2.0, (i as f32 - 20.0) * 25.0))
        .collect();
    for s in &samples {
        assert_eq!(one.evaluate(s), four.evaluate(s));
    }
    // Gradient by finite differences: each sample's bucket's bias and a weight of it.
    let mut net = bucketed(set, 23);
    let fit = super::model::Fit {
        lambda: 0.5,
        blend: 1.0,
        divisor: 400.0,
    };
    let mut grad = vec![0.0; net.params.len()];
    net.gradient(&samples, fit, &mut grad);
    let n = net.params.len();
    let mut checked = 0;
    for s in samples.iter().take(6) {
        let bucket = jiangjun_engine::nnue::output_bucket(usize::from(s.count), 4);
        let bias = n - 4 + bucket;
        let weight = n - 4 - 4 * 16 + bucket * 16 + 3;
        for i in [bias, weight] {
            let numeric = numeric_gradient(&mut net, &samples, fit, i);
            assert!(
                (numeric - grad[i]).abs() <= 1e-3 + 0.05 * numeric.abs(),
                "parameter {i}: analytic {} numeric {numeric}",
                grad[i]
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
    // The engine reads the quantised net with the bucket of each position's piece count.
    let quantised = Arc::new(net.quantise("buckets".into()));
    assert_eq!(quantised.header.buckets, 4);
    let back = FloatNet::from_net(&quantised, false).expect("the trainer's own net");
    assert_eq!(back.buckets, 4);
    assert_eq!(back.quantise("buckets".into()), *quantised);
    for pos in &random_positions(200, 24) {
        let sample = Sample::new(pos, set, 0.5, 0.0).expect("at most 32 pieces");
        let want = net.evaluate(&sample) * SCALE as f32;
        let mut engine = pos.clone();
        engine.set_net(Some(Arc::clone(&quantised)));
        let got = engine.evaluate() as f32;
        assert!((got - want).abs() <= 3.0, "engine {got}, trainer {want}");
    }
}
