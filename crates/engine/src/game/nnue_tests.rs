//! The net as positions use it: incremental accumulators equal accumulators built from scratch along
//! random games; a net file reads back as written, and every kind of damage is named.

use crate::game::Xiangqi;
use crate::nnue::features::{self, FeatureSet};
use crate::nnue::file::{self, NetError};
use crate::nnue::{Accumulators, Activation, Net, NetHeader};
use jiangjun_rules::Game;
use jiangjun_rules::random::{self, RngExt};
use jiangjun_rules::{GenKind, MoveList, Side};
use std::sync::Arc;

/// A net of small random weights (the bounds of `file` hold with room to spare).
pub fn random_net(seed: u64, hidden: usize) -> Net {
    random_net_of(FeatureSet::Plain, seed, hidden)
}

/// `random_net` with the inputs of `features`.
pub fn random_net_of(features: FeatureSet, seed: u64, hidden: usize) -> Net {
    let mut rng = random::seeded(seed);
    let header = NetHeader {
        features,
        hidden,
        activation: Activation::Clipped,
        buckets: 1,
        qa: 255,
        qb: 64,
        scale: 400,
        description: format!("random, seed {seed}"),
    };
    let mut net = Net::zeroed(header);
    for w in &mut net.feature_weights {
        *w = rng.random_range(-200..=200);
    }
    for w in &mut net.feature_bias {
        *w = rng.random_range(-100..=300);
    }
    for w in &mut net.output_weights {
        *w = rng.random_range(-127..=127);
    }
    net.output_bias = vec![rng.random_range(-5000..=5000)];
    net
}

fn from_scratch(pos: &Xiangqi, net: &Arc<Net>) -> Accumulators {
    let kings = [pos.king(Side::Red), pos.king(Side::Black)];
    let mut board = [None; jiangjun_rules::xiangqi::types::SQUARES];
    for s in jiangjun_rules::xiangqi::Square::all() {
        board[s.index()] = pos.piece_at(s);
    }
    Accumulators::new(Arc::clone(net), &board, kings)
}

/// Both perspectives' accumulators summed column by column from the active inputs, without
/// the refresh cache that `Accumulators` builds with.
fn column_sums(pos: &Xiangqi, net: &Net) -> (Vec<i16>, Vec<i16>) {
    let pieces =
        || jiangjun_rules::xiangqi::Square::all().filter_map(|s| pos.piece_at(s).map(|p| (s, p)));
    let mut pair = [vec![0; net.hidden()], vec![0; net.hidden()]];
    for side in [Side::Red, Side::Black] {
        let mut active = Vec::new();
        features::active(net.features(), side, pos.king(side), pieces(), &mut active);
        net.refresh(&active, &mut pair[side.index()]);
    }
    let [red, black] = pair;
    (red, black)
}

#[test]
fn incremental_equals_from_scratch_on_random_playouts() {
    for set in [FeatureSet::Plain, FeatureSet::KingBuckets] {
        incremental_equals_from_scratch(set);
    }
}

fn incremental_equals_from_scratch(set: FeatureSet) {
    let net = Arc::new(random_net_of(set, 1, 64));
    let mut rng = random::seeded(7);
    let mut checked = 0;
    let mut view_changes = 0;
    while checked < 10_000 {
        let mut pos = Xiangqi::startpos();
        pos.set_net(Some(Arc::clone(&net)));
        for _ in 0..200 {
            let mut list = MoveList::new(jiangjun_rules::xiangqi::Move::NONE);
            pos.generate_legal(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let r: u32 = rng.random_range(0..100);
            if r < 3 && !pos.in_check() {
                pos.make_null();
            } else if r < 8 && pos.ply() > 0 {
                pos.unmake();
            } else {
                let mv = list.as_slice()[rng.random_range(0..list.len())];
                // A king move that changes its side's view rebuilds that perspective: count
                // them.
                if let Some(p) = pos.piece_at(mv.from())
                    && p.kind() == jiangjun_rules::xiangqi::Kind::King
                {
                    let side = p.side();
                    let changes =
                        features::view(set, side, mv.from()) != features::view(set, side, mv.to());
                    view_changes += usize::from(changes);
                }
                pos.make(mv);
            }
            let acc = pos.accumulators().expect("a net is attached");
            let fresh = from_scratch(&pos, &net);
            assert_eq!(acc.top(), fresh.top(), "after {}, {set:?}", pos.to_fen());
            let (red, black) = column_sums(&pos, &net);
            assert_eq!(acc.top(), (&red[..], &black[..]), "{set:?}");
            assert_eq!(acc.depth(), pos.ply());
            let side = pos.side_to_move();
            assert_eq!(pos.evaluate(), fresh.evaluate(side, pos.piece_count()));
            checked += 1;
        }
    }
    assert!(view_changes > 50, "view changes: {view_changes} ({set:?})");
}

#[test]
fn a_net_attached_mid_game_can_take_the_moves_back() {
    let net = Arc::new(random_net(2, 32));
    let mut pos = Xiangqi::startpos();
    for m in ["h2e2", "h9g7", "e3e4"] {
        pos.make(pos.parse_move(m).expect("legal test move"));
    }
    let classical = pos.evaluate();
    pos.set_net(Some(Arc::clone(&net)));
    for _ in 0..3 {
        pos.unmake();
        assert_eq!(
            pos.accumulators().map(Accumulators::top),
            Some(from_scratch(&pos, &net).top())
        );
    }
    for m in ["h2e2", "h9g7", "e3e4"] {
        pos.make(pos.parse_move(m).expect("legal test move"));
    }
    pos.set_net(None);
    assert_eq!(pos.evaluate(), classical);
}

#[test]
fn a_net_file_reads_back_as_written() {
    let bucketed = random_net_of(FeatureSet::KingBuckets, 5, 8);
    let bytes = file::to_bytes(&bucketed);
    assert_eq!(file::from_bytes(&bytes), Ok(bucketed));
    let net = random_net(3, 16);
    let bytes = file::to_bytes(&net);
    assert_eq!(file::from_bytes(&bytes), Ok(net));
}

/// `random_net` with the squared clipped ReLU.
fn random_squared_net(seed: u64, hidden: usize) -> Net {
    let mut net = random_net(seed, hidden);
    net.header.activation = Activation::SquaredClipped;
    net
}

#[test]
fn a_squared_net_reads_back_and_its_output_is_the_sum_of_squares() {
    let net = random_squared_net(9, 16);
    let bytes = file::to_bytes(&net);
    // The activation is the fifth header word.
    assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), 2);
    assert_eq!(file::from_bytes(&bytes), Ok(net.clone()));
    let mut rng = random::seeded(10);
    for _ in 0..200 {
        let us: Vec<i16> = (0..16).map(|_| rng.random_range(-300..=400)).collect();
        let them: Vec<i16> = (0..16).map(|_| rng.random_range(-300..=400)).collect();
        let (w_us, w_them) = net.output_weights.split_at(16);
        let qa = i64::from(net.header.qa);
        let dot = |a: &[i16], w: &[i16]| -> i64 {
            a.iter()
                .zip(w)
                .map(|(&x, &w)| (i64::from(x).clamp(0, qa).pow(2) >> 8) * i64::from(w))
                .sum()
        };
        let sum = dot(&us, w_us) + dot(&them, w_them) + i64::from(net.output_bias[0]);
        let expected =
            sum * i64::from(net.header.scale) * 256 / (qa * qa * i64::from(net.header.qb));
        assert_eq!(i64::from(net.output(&us, &them, 32)), expected);
    }
    // Incremental updates and the evaluation through the engine are the activation's too.
    let mut pos = Xiangqi::startpos();
    pos.set_net(Some(Arc::new(net)));
    for m in ["h2e2", "h9g7", "e2e6"] {
        pos.make(pos.parse_move(m).expect("legal test move"));
    }
    let (red, black) = pos.accumulators().expect("a net is attached").top();
    let net = pos.net().expect("a net is attached");
    assert_eq!(pos.evaluate(), net.output(black, red, 0));
}

#[test]
fn a_squared_net_whose_products_could_overflow_is_refused() {
    let read = |net: &Net| file::from_bytes(&file::to_bytes(net)).err();
    // A value may clip at most at 2047, so that its square fits 16 bits.
    let mut wide = random_squared_net(11, 16);
    wide.header.qa = 2048;
    assert_eq!(
        read(&wide),
        Some(NetError::Scale {
            name: "qa",
            value: 2048
        })
    );
    // QA² / 256 times the weights' sum leaves i32.
    let mut many = random_squared_net(12, 16);
    many.header.qa = 2047;
    many.output_weights.iter_mut().for_each(|w| *w = 5000);
    assert_eq!(read(&many), Some(NetError::WeightRange("output weights")));
    // The clipped net with the same weights is within its own bounds.
    many.header.activation = Activation::Clipped;
    assert_eq!(read(&many), None);
}

/// `random_net` with `buckets` output buckets, each with its own weights and bias.
fn random_net_with_buckets(seed: u64, hidden: usize, buckets: usize) -> Net {
    let mut net = random_net(seed, hidden);
    let mut rng = random::seeded(seed + 1);
    net.header.buckets = buckets;
    net.output_weights = (0..buckets * 2 * hidden)
        .map(|_| rng.random_range(-127..=127))
        .collect();
    net.output_bias = (0..buckets)
        .map(|_| rng.random_range(-5000..=5000))
        .collect();
    net
}

#[test]
fn output_buckets_are_written_as_version_2_and_one_bucket_as_version_1() {
    let version = |bytes: &[u8]| u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    let plain = random_net(3, 16);
    assert_eq!(version(&file::to_bytes(&plain)), 1);
    let net = random_net_with_buckets(6, 16, 8);
    let bytes = file::to_bytes(&net);
    assert_eq!(version(&bytes), 2);
    assert_eq!(file::from_bytes(&bytes), Ok(net));
    // The bucket count is the sixth header word in version 2.
    let field = 8 + 4 * 5;
    for bad in [0, 9] {
        let mut b = with_u32(&bytes, field, bad);
        let body = b.len() - 4;
        let sum = file_checksum(&b[..body]);
        b[body..].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(
            file::from_bytes(&b).err(),
            Some(NetError::OutputBuckets(bad))
        );
    }
}

/// The file format's checksum (FNV-1a), for tests that change a field and keep the file
/// otherwise valid.
fn file_checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

#[test]
fn each_piece_count_is_weighed_by_its_own_output_bucket() {
    let mut net = random_net_with_buckets(8, 16, 8);
    // Nothing but the biases: the output then names the bucket it came from.
    net.output_weights.iter_mut().for_each(|w| *w = 0);
    net.header.scale = net.header.qa * net.header.qb;
    net.output_bias = (0..8).map(|b| 100 * b).collect();
    let acc = vec![0i16; 16];
    for pieces in 2..=32usize {
        let bucket = (pieces - 1) / 4;
        assert_eq!(
            net.output(&acc, &acc, pieces),
            100 * bucket as i32,
            "{pieces}"
        );
    }
    // Through the engine: the start position (32 pieces) reads the last bucket.
    let mut pos = Xiangqi::startpos();
    pos.set_net(Some(Arc::new(net)));
    pos.set_net_blend(100);
    assert_eq!(pos.piece_count(), 32);
    assert_eq!(pos.evaluate(), 700);
}

#[test]
fn only_a_regular_file_of_a_net_s_size_is_read() {
    let dir = std::env::temp_dir();
    let refused = |path: &str| match file::load(path) {
        Err(NetError::Io(text)) => text,
        other => panic!("{path}: {other:?}"),
    };
    let dir_text = refused(&dir.to_string_lossy());
    assert!(dir_text.contains("not a regular file"), "{dir_text}");
    #[cfg(unix)]
    {
        let dev = refused("/dev/zero");
        assert!(dev.contains("not a regular file"), "{dev}");
    }
}

/// The file with the u32 at `offset` replaced and the checksum made right again.
fn with_u32(bytes: &[u8], offset: usize, value: u32) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
    b
}

#[test]
fn every_kind_of_damage_is_named() {
    let net = random_net(4, 8);
    let good = file::to_bytes(&net);
    let read = |b: &[u8]| file::from_bytes(b).err();
    // Header fields start after the 8 magic bytes, 4 bytes each.
    let field = |i: usize| 8 + 4 * i;
    assert_eq!(
        read(&good[..5]),
        Some(NetError::Truncated {
            field: "magic bytes"
        })
    );
    assert_eq!(
        read(&good[..10]),
        Some(NetError::Truncated { field: "version" })
    );
    assert_eq!(
        read(&good[..good.len() - 30]),
        Some(NetError::Truncated {
            field: "output weights"
        })
    );
    assert_eq!(
        read(&good[..good.len() - 2]),
        Some(NetError::Truncated { field: "checksum" })
    );
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(read(&magic), Some(NetError::BadMagic));
    assert_eq!(
        read(&with_u32(&good, field(0), 3)),
        Some(NetError::UnsupportedVersion(3))
    );
    assert_eq!(
        read(&with_u32(&good, field(0), 0)),
        Some(NetError::UnsupportedVersion(0))
    );
    assert_eq!(
        read(&with_u32(&good, field(1), 9)),
        Some(NetError::UnknownFeatureSet(9))
    );
    assert_eq!(
        read(&with_u32(&good, field(2), 1000)),
        Some(NetError::InputCount(1000, 1260))
    );
    // A plain net's input count under the king-bucketed set.
    assert_eq!(
        read(&with_u32(&good, field(1), 2)),
        Some(NetError::InputCount(1260, 7560))
    );
    assert_eq!(
        read(&with_u32(&good, field(3), 0)),
        Some(NetError::HiddenSize(0))
    );
    assert_eq!(
        read(&with_u32(&good, field(3), 1 << 20)),
        Some(NetError::HiddenSize(1 << 20))
    );
    assert_eq!(
        read(&with_u32(&good, field(4), 3)),
        Some(NetError::UnknownActivation(3))
    );
    assert_eq!(
        read(&with_u32(&good, field(5), 0)),
        Some(NetError::Scale {
            name: "qa",
            value: 0
        })
    );
    assert_eq!(
        read(&with_u32(&good, field(7), 20_000)),
        Some(NetError::Scale {
            name: "scale",
            value: 20_000
        })
    );
    assert_eq!(
        read(&with_u32(&good, field(8), u32::MAX)),
        Some(NetError::TextTooLong(u32::MAX))
    );
    // A wider net than the bytes hold: the weights run out.
    assert_eq!(
        read(&with_u32(&good, field(3), 9)),
        Some(NetError::Truncated {
            field: "feature weights"
        })
    );
    let mut text = good.clone();
    text[field(9)] = 0xff;
    assert_eq!(read(&text), Some(NetError::TextNotUtf8));
    let mut longer = good.clone();
    longer.push(0);
    assert_eq!(read(&longer), Some(NetError::TrailingBytes(1)));
    let mut flipped = good.clone();
    let middle = good.len() / 2;
    flipped[middle] ^= 1;
    assert!(matches!(read(&flipped), Some(NetError::Checksum { .. })));
    let mut huge = net.clone();
    huge.feature_weights[0] = 2000;
    assert_eq!(
        read(&file::to_bytes(&huge)),
        Some(NetError::WeightRange("feature weights"))
    );
    let mut loud = net;
    loud.output_weights[0] = i16::MAX;
    loud.header.hidden = 8;
    loud.header.qa = 32767;
    assert_eq!(
        read(&file::to_bytes(&loud)),
        Some(NetError::WeightRange("output weights"))
    );
    let missing = file::load("/nonexistent/net.nnue");
    assert!(matches!(missing, Err(NetError::Io(_))));
}

/// With the net alone no move keeps the classical sums; the classical evaluation, asked for
/// anyway, and a share switched on mid-game still agree with a position that kept them all
/// along, forwards and back.
#[test]
fn the_classical_sums_follow_the_nets_share() {
    let net = Arc::new(random_net(3, 16));
    let mut rng = random::seeded(11);
    let (mut alone, mut classical) = (Xiangqi::startpos(), Xiangqi::startpos());
    alone.set_net(Some(Arc::clone(&net)));
    alone.set_net_blend(100);
    let mut made = 0;
    for step in 0..120 {
        if step == 60 {
            alone.set_net_blend(40);
            let net_only = alone
                .accumulators()
                .map(|a| a.evaluate(alone.side_to_move(), alone.piece_count()));
            let blended = (net_only.expect("attached") * 40 + classical.classical() * 60) / 100;
            assert_eq!(alone.evaluate(), blended);
        }
        let mut list = MoveList::new(jiangjun_rules::xiangqi::Move::NONE);
        alone.generate_legal(GenKind::All, &mut list);
        if list.is_empty() {
            break;
        }
        let mv = list.as_slice()[rng.random_range(0..list.len())];
        alone.make(mv);
        classical.make(mv);
        made += 1;
        assert_eq!(
            alone.classical(),
            classical.classical(),
            "{}",
            alone.to_fen()
        );
    }
    for _ in 0..made {
        alone.unmake();
        classical.unmake();
        assert_eq!(
            alone.classical(),
            classical.classical(),
            "{}",
            alone.to_fen()
        );
    }
    assert!(made > 60, "{made} moves");
}
