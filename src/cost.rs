//! Edge and path costs.
//!
//! Planners add costs along a path and order the frontier by them, so a cost type needs a
//! zero, an "infinity" for unreached nodes, overflow-checked addition and a *total* order.
//! Integers have all of these; `f32`/`f64` get their total order from
//! [`f64::total_cmp`], which is what lets float costs live in a heap.

use std::cmp::Ordering;
use std::fmt::Debug;

/// A non-negative cost that planners can add up and order.
///
/// Implemented for the unsigned and signed integer types and for `f32` and `f64`.
/// Edge costs must be non-negative (and not NaN); planners report a negative or NaN edge
/// cost as [`PlanError::InvalidCost`](crate::PlanError::InvalidCost) instead of returning a
/// wrong path.
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
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self + other`, clamped to [`Cost::INFINITY`].
    fn saturating_add(self, other: Self) -> Self {
        self.checked_add(other).unwrap_or(Self::INFINITY)
    }

    /// A total order that agrees with `<` on ordinary values.
    fn total_cmp(&self, other: &Self) -> Ordering;

    /// A plain integer (or the integer itself) ordered like [`Cost::total_cmp`].
    ///
    /// Heaps compare keys at every level of every sift; mapping a float to an integer once
    /// per push makes each of those comparisons one integer instruction instead of a
    /// float-to-total-order conversion of both operands.
    type Ordered: Ord + Copy + Debug + Send + Sync + 'static;

    /// `self` as its [`Cost::Ordered`] key: `a.total_cmp(&b) == a.ordered().cmp(&b.ordered())`.
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
    fn frontier_order(self) -> Self::Ordered {
        self.ordered()
    }

    /// `true` when the value may be used as an edge cost: not negative, not NaN.
    fn is_valid_edge_cost(self) -> bool {
        self >= Self::ZERO
    }

    /// The cost as an `f64`, for reports and comparisons with published optima.
    fn as_f64(self) -> f64;
}

macro_rules! integer_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
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
            #[inline]
            fn as_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
integer_cost!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

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

    #[test]
    fn integer_addition_reports_overflow() {
        assert_eq!(Cost::checked_add(u32::MAX, 1), None);
        assert_eq!(Cost::saturating_add(u32::MAX, 1), u32::MAX);
        assert!(!(-1_i32).is_valid_edge_cost());
    }
}
