//! Edge and path costs.
//!
//! Planners add costs along a path and order the frontier by them, so a cost type needs a
//! zero, an "infinity" for unreached nodes, overflow-checked addition and a *total* order.
//! Integers have all of these; `f32`/`f64` get their total order from
//! [`f64::total_cmp`], which is what lets float costs live in a heap.

use std::cmp::{Ordering, Reverse};
use std::fmt::Debug;

/// A non-negative cost that planners can add up and order.
///
/// Implemented for the unsigned and signed integer types and for `f32` and `f64`.
/// Edge costs must be non-negative (and not NaN); planners report a negative or NaN edge
/// cost as [`PlanError::InvalidCost`](crate::PlanError::InvalidCost) instead of returning a
/// wrong path. An edge of cost [`Cost::INFINITY`] is impassable: every planner skips it
/// as if the graph did not list it.
///
/// # Example
///
/// ```
/// use replan::Cost;
/// assert_eq!(u8::MAX.checked_add(1), None);
/// assert_eq!(<u32 as Cost>::ZERO, 0);
/// assert_eq!(2.5_f64.total_cmp(&f64::NAN), std::cmp::Ordering::Less);
/// ```
pub trait Cost: Copy + Debug + PartialEq + PartialOrd + Send + Sync + 'static {
    /// The cost of the empty path.
    const ZERO: Self;
    /// A cost larger than any path cost: "not reached".
    const INFINITY: Self;

    /// `self + other`, or `None` when the sum overflows (or, for floats, is not finite).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert_eq!(Cost::checked_add(250_u8, 5), Some(255));
    /// assert_eq!(Cost::checked_add(250_u8, 6), None);
    /// assert_eq!(Cost::checked_add(f64::MAX, f64::MAX), None);
    /// ```
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self + other`, clamped to [`Cost::INFINITY`].
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert_eq!(Cost::saturating_add(250_u8, 9), u8::MAX);
    /// assert_eq!(Cost::saturating_add(f64::MAX, f64::MAX), f64::INFINITY);
    /// ```
    fn saturating_add(self, other: Self) -> Self {
        self.checked_add(other).unwrap_or(Self::INFINITY)
    }

    /// A total order that agrees with `<` on ordinary values.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// use std::cmp::Ordering;
    /// assert_eq!(Cost::total_cmp(&1_u32, &2), Ordering::Less);
    /// assert_eq!(Cost::total_cmp(&f64::NAN, &f64::INFINITY), Ordering::Greater);
    /// ```
    fn total_cmp(&self, other: &Self) -> Ordering;

    /// A plain integer (or the integer itself) ordered like [`Cost::total_cmp`].
    ///
    /// Heaps compare keys at every level of every sift; mapping a float to an integer once
    /// per push makes each of those comparisons one integer instruction instead of a
    /// float-to-total-order conversion of both operands.
    type Ordered: Ord + Copy + Debug + Send + Sync + 'static;

    /// `self` as its [`Cost::Ordered`] key: `a.total_cmp(&b) == a.ordered().cmp(&b.ordered())`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert!(1.5_f64.ordered() < 2.0_f64.ordered());
    /// assert!(0.0_f32.ordered() < f32::INFINITY.ordered());
    /// ```
    fn ordered(self) -> Self::Ordered;

    /// The key [`AStar`](crate::AStar) orders its frontier by: [`Cost::ordered`] for
    /// integers; for floats, the same with the lowest mantissa bits cleared (20 of 52 for
    /// `f64`, 6 of 23 for `f32`).
    ///
    /// Float path costs carry rounding noise: on a grid with √2 diagonals, two routes of
    /// equal length reach `f` values a few ulps apart, and an exact order would let that
    /// noise, rather than the "larger `g` first" tie-break, pick among them. Folding values
    /// within a relative 2^-32 (`f64`) into one key restores the tie-break; it can make A*
    /// return a path dearer than the optimum by at most that relative amount.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// // Values a rounding error apart share a key; values that really differ do not.
    /// let a = 0.1_f64 + 0.2;
    /// assert_eq!(a.frontier_order(), 0.3_f64.frontier_order());
    /// assert!(0.3_f64.frontier_order() < 0.3000001_f64.frontier_order());
    /// ```
    fn frontier_order(self) -> Self::Ordered {
        self.ordered()
    }

    /// The key of A*'s frontier: smaller `f = g + h` first (`f` through
    /// [`Cost::frontier_order`]), and among equal `f` the larger `g` first, so that ties go
    /// to the node nearest the goal and A* runs down one of many equally good routes
    /// instead of widening over all of them.
    ///
    /// Where the type allows, both parts are packed into one integer so that each
    /// comparison in a heap sift is one instruction and a heap entry stays small: `u8` to
    /// `u32` and `i8` to `i32` pack into a `u64`, 64-bit integers into a `u128`, `f32` into
    /// an `i64` (exact `g`). `f64` packs into an `i64`: the 20 bits that
    /// [`Cost::frontier_order`] clears hold the top 20 bits of `g` (its exponent and 9
    /// mantissa bits), so `g` breaks ties to within a relative 2^-9. That only decides which
    /// of two equally promising nodes goes first; `f` is compared as before. 128-bit
    /// integers use a pair.
    type FrontierKey: Ord + Copy + Debug + Send + Sync + 'static;

    /// The [`Cost::FrontierKey`] of a node reached at cost `g` whose estimate is `h`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// // Smaller f first; among equal f, larger g first.
    /// assert!(u32::frontier_key(3, 4) < u32::frontier_key(1, 7));
    /// assert!(u32::frontier_key(5, 2) < u32::frontier_key(3, 4));
    /// assert!(f64::frontier_key(5.0, 2.0) < f64::frontier_key(3.0, 4.0));
    /// assert!(f64::frontier_key(9.0, 0.0) < f64::frontier_key(3.0, 6.5));
    /// ```
    #[inline(always)]
    fn frontier_key(g: Self, h: Self) -> Self::FrontierKey {
        Self::frontier_key_of(g.saturating_add(h), g)
    }

    /// The [`Cost::FrontierKey`] ordering by `f` first (through
    /// [`Cost::frontier_order`]) and then by larger `g`, for a planner whose `f` is not
    /// simply `g + h` ([`DStarLite`](crate::DStarLite) adds its `km` offset).
    /// `Self::INFINITY` as `g` sorts strictly before every finite `g` with the same `f`.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert_eq!(u32::frontier_key_of(7, 3), u32::frontier_key(3, 4));
    /// assert!(f64::frontier_key_of(7.0, f64::INFINITY) < f64::frontier_key_of(7.0, f64::MAX));
    /// ```
    fn frontier_key_of(f: Self, g: Self) -> Self::FrontierKey;

    /// The value as a `u32` when it is a non-negative integer that fits; `None` for floats.
    ///
    /// [`AStar`](crate::AStar) keeps its frontier in buckets, one per `f` value, while `f`
    /// is a small integer: pushes and pops then cost O(1) instead of a heap's O(log n).
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert_eq!(7_u64.small_integer(), Some(7));
    /// assert_eq!((-1_i32).small_integer(), None);
    /// assert_eq!(u64::MAX.small_integer(), None);
    /// assert_eq!(2.0_f64.small_integer(), None);
    /// ```
    #[inline(always)]
    fn small_integer(self) -> Option<u32> {
        None
    }

    /// The inverse of [`small_integer`](Cost::small_integer): `value` as this type, or
    /// `None` for types that [`small_integer`](Cost::small_integer) never answers.
    ///
    /// [`AStar`](crate::AStar) uses it to recover a node's estimate from its bucket: `h =
    /// f - g`, which lets [`Heuristic::estimate_child`](crate::Heuristic::estimate_child)
    /// update the estimate along an edge instead of computing it afresh.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert_eq!(<u16 as Cost>::from_small_integer(7), Some(7));
    /// assert_eq!(<u8 as Cost>::from_small_integer(300), None);
    /// assert_eq!(<f64 as Cost>::from_small_integer(2), None);
    /// ```
    #[inline(always)]
    fn from_small_integer(value: u32) -> Option<Self> {
        let _ = value;
        None
    }

    /// `true` when the value may be used as an edge cost: not negative, not NaN.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert!(0_i32.is_valid_edge_cost());
    /// assert!(!(-1_i32).is_valid_edge_cost());
    /// assert!(!f64::NAN.is_valid_edge_cost());
    /// ```
    fn is_valid_edge_cost(self) -> bool {
        self >= Self::ZERO
    }

    /// The cost as an `f64`, for reports and comparisons with published optima.
    ///
    /// # Example
    ///
    /// ```
    /// use replan::Cost;
    /// assert_eq!(7_u16.as_f64(), 7.0);
    /// assert_eq!(2.5_f32.as_f64(), 2.5);
    /// ```
    fn as_f64(self) -> f64;
}

/// The items every integer `Cost` shares; the frontier key is the only difference.
macro_rules! integer_basics {
    ($t:ty) => {
        const ZERO: Self = 0;
        const INFINITY: Self = <$t>::MAX;
        #[inline]
        fn checked_add(self, other: Self) -> Option<Self> {
            <$t>::checked_add(self, other)
        }
        #[inline]
        fn saturating_add(self, other: Self) -> Self {
            <$t>::saturating_add(self, other)
        }
        #[inline]
        fn total_cmp(&self, other: &Self) -> Ordering {
            Ord::cmp(self, other)
        }
        type Ordered = Self;
        #[inline(always)]
        fn ordered(self) -> Self {
            self
        }
        #[inline(always)]
        fn small_integer(self) -> Option<u32> {
            u32::try_from(self).ok()
        }
        #[inline(always)]
        fn from_small_integer(value: u32) -> Option<Self> {
            <$t>::try_from(value).ok()
        }
        #[inline]
        fn as_f64(self) -> f64 {
            self as f64
        }
    };
}

macro_rules! integer_cost {
    ($($t:ty, $unsigned:ty, $key:ty),*) => {$(
        impl Cost for $t {
            integer_basics!($t);
            type FrontierKey = $key;
            #[inline(always)]
            fn frontier_key_of(f: Self, g: Self) -> $key {
                // Flipping the sign bit maps signed values onto unsigned ones in order (a
                // no-op for unsigned types); `g` goes in inverted so that larger `g`
                // sorts first.
                const FLIP: $unsigned = (<$t>::MIN as $unsigned);
                let f = (f as $unsigned) ^ FLIP;
                let g = (g as $unsigned) ^ FLIP;
                ((f as $key) << <$unsigned>::BITS) | (!g as $key)
            }
        }
    )*};
}
integer_cost!(
    u8, u8, u64, u16, u16, u64, u32, u32, u64, u64, u64, u128, usize, usize, u128, i8, u8, u64,
    i16, u16, u64, i32, u32, u64, i64, u64, u128, isize, usize, u128
);

/// 128-bit integers have no wider type to pack into: their key is a pair.
macro_rules! wide_integer_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            integer_basics!($t);
            type FrontierKey = (Self, Reverse<Self>);
            #[inline(always)]
            fn frontier_key_of(f: Self, g: Self) -> (Self, Reverse<Self>) {
                (f, Reverse(g))
            }
        }
    )*};
}
wide_integer_cost!(u128, i128);

macro_rules! float_cost {
    ($($t:ty, $bits:ty, $unsigned:ty, $folded:expr),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0.0;
            const INFINITY: Self = <$t>::INFINITY;
            #[inline]
            fn checked_add(self, other: Self) -> Option<Self> {
                let sum = self + other;
                sum.is_finite().then_some(sum)
            }
            #[inline]
            fn saturating_add(self, other: Self) -> Self {
                self + other
            }
            #[inline]
            fn total_cmp(&self, other: &Self) -> Ordering {
                <$t>::total_cmp(self, other)
            }
            type Ordered = $bits;
            #[inline(always)]
            fn ordered(self) -> $bits {
                // The transform `total_cmp` applies: flip the magnitude bits of negative
                // numbers so that the signed integers order like the floats.
                let bits = self.to_bits() as $bits;
                bits ^ ((((bits >> (<$bits>::BITS - 1)) as $unsigned) >> 1) as $bits)
            }
            #[inline(always)]
            fn frontier_order(self) -> $bits {
                // Clearing low bits of an integer is monotone, so the order stays total
                // and agrees with `ordered` whenever two keys differ.
                self.ordered() & !((1 << $folded) - 1)
            }
            type FrontierKey = i64;
            #[inline(always)]
            fn frontier_key_of(f: Self, g: Self) -> i64 {
                // `f` keeps its high bits (those `frontier_order` keeps) at the top of the
                // key; below them, the top bits of `g` without its sign (`g >= 0` here, and
                // a `-0.0` must not spill into `f`'s bits), inverted so that larger `g`
                // sorts first.
                const LOW: u32 = 64 - <$bits>::BITS + $folded;
                const LOW_MASK: i64 = (1 << LOW) - 1;
                let f = (f.frontier_order() as i64) << (64 - <$bits>::BITS);
                let g_top = ((g.to_bits() as u64) << (64 - <$bits>::BITS)) << 1 >> (64 - LOW);
                f | (LOW_MASK - g_top as i64)
            }
            #[inline]
            fn as_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
float_cost!(f32, i32, u32, 6, f64, i64, u64, 20);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_addition_rejects_non_finite_sums() {
        assert_eq!(Cost::checked_add(f64::MAX, f64::MAX), None);
        assert_eq!(Cost::checked_add(1.5_f64, 2.0), Some(3.5));
        assert!(!f64::NAN.is_valid_edge_cost());
        assert!(!(-1.0_f64).is_valid_edge_cost());
        assert!(0.0_f64.is_valid_edge_cost());
    }

    #[test]
    fn ordered_keys_sort_like_total_cmp() {
        let values = [
            f64::NEG_INFINITY,
            -3.5,
            -0.0,
            0.0,
            1e-300,
            1.0,
            std::f64::consts::SQRT_2,
            7.25,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
        ];
        for a in values {
            for b in values {
                assert_eq!(
                    a.ordered().cmp(&b.ordered()),
                    Cost::total_cmp(&a, &b),
                    "{a} {b}"
                );
                let (a, b) = (a as f32, b as f32);
                assert_eq!(
                    a.ordered().cmp(&b.ordered()),
                    Cost::total_cmp(&a, &b),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn frontier_order_folds_rounding_noise_only() {
        let a = 0.1 + 0.2;
        let b = 0.3;
        assert_ne!(a, b);
        assert_eq!(a.frontier_order(), b.frontier_order());
        assert!(1.0.frontier_order() < 1.000_001.frontier_order());
        assert!(f64::MAX.frontier_order() < f64::INFINITY.frontier_order());
        assert_eq!(7_u32.frontier_order(), 7);
    }

    fn reference_key<C: Cost>(g: C, h: C) -> (C::Ordered, std::cmp::Reverse<C::Ordered>) {
        (
            g.saturating_add(h).frontier_order(),
            std::cmp::Reverse(g.ordered()),
        )
    }

    proptest::proptest! {
        #[test]
        fn packed_integer_keys_order_like_the_pair(
            a in (0..u32::MAX, 0..u32::MAX),
            b in (0..u32::MAX, 0..u32::MAX),
            c in (-1000..1000_i16, 0..1000_i16),
            d in (-1000..1000_i16, 0..1000_i16),
        ) {
            proptest::prop_assert_eq!(
                u32::frontier_key(a.0, a.1).cmp(&u32::frontier_key(b.0, b.1)),
                reference_key(a.0, a.1).cmp(&reference_key(b.0, b.1))
            );
            proptest::prop_assert_eq!(
                i16::frontier_key(c.0, c.1).cmp(&i16::frontier_key(d.0, d.1)),
                reference_key(c.0, c.1).cmp(&reference_key(d.0, d.1))
            );
        }

        #[test]
        fn packed_float_keys_order_f_exactly_and_g_coarsely(
            a in (0.0..1e6_f64, 0.0..1e6_f64),
            b in (0.0..1e6_f64, 0.0..1e6_f64),
        ) {
            let (ka, kb) = (f64::frontier_key(a.0, a.1), f64::frontier_key(b.0, b.1));
            let (ra, rb) = (reference_key(a.0, a.1), reference_key(b.0, b.1));
            if ra.0 != rb.0 {
                // Different f: exactly the f order.
                proptest::prop_assert_eq!(ka.cmp(&kb), ra.0.cmp(&rb.0));
            } else if (a.0 - b.0).abs() > (a.0.max(b.0)) / 512.0 {
                // Equal f, g apart by more than the packed resolution: larger g first.
                proptest::prop_assert_eq!(ka.cmp(&kb), ra.cmp(&rb));
            }
            let (fa, fb) = ((a.0 as f32, a.1 as f32), (b.0 as f32, b.1 as f32));
            proptest::prop_assert_eq!(
                f32::frontier_key(fa.0, fa.1).cmp(&f32::frontier_key(fb.0, fb.1)),
                reference_key(fa.0, fa.1).cmp(&reference_key(fb.0, fb.1))
            );
        }
    }

    #[test]
    fn packed_float_keys_keep_g_out_of_f() {
        // A `-0.0` or an infinite `g` must not carry into the bits of `f`.
        assert_eq!(f64::frontier_key(-0.0, 1.0), f64::frontier_key(0.0, 1.0));
        assert!(f64::frontier_key(f64::INFINITY, 0.0) > f64::frontier_key(1e300, 0.0));
        assert!(f64::frontier_key(2.0, 1.0) < f64::frontier_key(1.0, 2.0));
        assert!(f64::frontier_key(1.0, 2.0) < f64::frontier_key(0.0, 3.0000001));
        // An infinite g goes strictly first among equal f (D* Lite's underconsistent nodes).
        assert!(f64::frontier_key_of(5.0, f64::INFINITY) < f64::frontier_key_of(5.0, f64::MAX));
        assert!(f32::frontier_key_of(5.0, f32::INFINITY) < f32::frontier_key_of(5.0, f32::MAX));
        assert!(u32::frontier_key_of(5, u32::MAX) < u32::frontier_key_of(5, u32::MAX - 1));
        assert!(i64::frontier_key_of(-5, i64::MAX) < i64::frontier_key_of(-5, 0));
        assert!(f64::frontier_key_of(4.0, 0.0) < f64::frontier_key_of(5.0, f64::INFINITY));
    }

    #[test]
    fn integer_addition_reports_overflow() {
        assert_eq!(Cost::checked_add(u32::MAX, 1), None);
        assert_eq!(Cost::saturating_add(u32::MAX, 1), u32::MAX);
        assert!(!(-1_i32).is_valid_edge_cost());
    }
}
