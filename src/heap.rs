//! The bundle's allocator: blocks in power-of-two size classes, each class a
//! free list, carved from memory added at the end of linear memory. Every
//! operation is a few instructions (no searching, no splitting or merging),
//! and the whole allocator is a few hundred bytes of wasm where dlmalloc is
//! several KB. The price is up to half of a block unused, which a client
//! whose allocations are requests, decoded keys and short-lived vectors can
//! pay. Memory is reused, never returned: wasm memory cannot shrink.
//!
//! Written over [`Grow`] so the native tests run it on a plain buffer.

use ::core::alloc::{GlobalAlloc, Layout};
use ::core::cell::UnsafeCell;
use ::core::ptr::{self, null_mut};

/// The unit memory grows by (a wasm page).
pub const PAGE: usize = 65_536;
/// The smallest block: room for the free list's link, at its alignment.
const MIN_BLOCK: usize = 8;
/// One free list per power of two up to the address space.
const CLASSES: usize = usize::BITS as usize;

/// Where fresh memory comes from.
pub trait Grow {
    /// Adds `pages` pages at the end of memory; the address they start at,
    /// or `None` when memory cannot grow.
    fn grow(&self, pages: usize) -> Option<usize>;
}

/// The power-of-two size-class allocator over `G`.
pub struct Heap<G> {
    state: UnsafeCell<State>,
    grow: G,
}

/// The free lists and the unused end of the last region.
struct State {
    /// The first free block of each class (0: none); a free block holds the next one's address.
    free: [usize; CLASSES],
    /// The first unused address of the region memory last grew by.
    next: usize,
    /// The end of that region.
    end: usize,
}

// SAFETY: wasm32-unknown-unknown (without the atomics feature) runs on one
// thread; the tests use a heap from one thread at a time.
unsafe impl<G> Sync for Heap<G> {}

impl<G> Heap<G> {
    /// An empty heap that takes memory from `grow`.
    pub const fn new(grow: G) -> Self {
        Heap { state: UnsafeCell::new(State { free: [0; CLASSES], next: 0, end: 0 }), grow }
    }
}

/// The class of a layout: blocks of `1 << class` bytes hold it; `None` when too large.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size().max(layout.align()).max(MIN_BLOCK);
    let class = (usize::BITS - (size - 1).leading_zeros()) as usize;
    (class < CLASSES).then_some(class)
}

impl<G: Grow> Heap<G> {
    /// A block of `1 << class` bytes at `align`: from the free list when its
    /// first block is so aligned (blocks are always 8-aligned), else carved.
    ///
    /// # Safety
    /// Called from one thread at a time (as [`GlobalAlloc`] is here).
    unsafe fn take(&self, class: usize, align: usize) -> *mut u8 {
        // SAFETY: one thread, and no other reference to the state lives across this call.
        let state = unsafe { &mut *self.state.get() };
        let head = state.free[class];
        if head != 0 && head % align == 0 {
            // SAFETY: `head` is a free block of this class, which holds the next one's address.
            state.free[class] = unsafe { ptr::read(head as *const usize) };
            return head as *mut u8;
        }
        self.carve(state, 1 << class, align.max(MIN_BLOCK)).map_or(null_mut(), |at| at as *mut u8)
    }

    /// `size` bytes at `align` from the end of the last region, growing memory when it is used up.
    fn carve(&self, state: &mut State, size: usize, align: usize) -> Option<usize> {
        let fits = |next: usize, end: usize| {
            let start = next.checked_add(align - 1)? & !(align - 1);
            (start.checked_add(size)? <= end).then_some(start)
        };
        let start = match fits(state.next, state.end) {
            Some(start) => start,
            None => {
                // Enough pages for the block wherever the new region starts.
                let pages = size.checked_add(align)?.div_ceil(PAGE);
                let at = self.grow.grow(pages)?;
                if at != state.end {
                    // Not contiguous (the first region, or memory grown by someone else): start over there.
                    state.next = at;
                }
                state.end = at.checked_add(pages.checked_mul(PAGE)?)?;
                fits(state.next, state.end)?
            }
        };
        state.next = start + size;
        Some(start)
    }
}

// SAFETY: blocks never overlap (each is carved once, then only moves between
// its class's free list and one owner), each is at least the layout's size
// and aligned to it, and a block given back goes to the list of the class it
// was taken from (the layout at `dealloc` is the one of `alloc`).
unsafe impl<G: Grow> GlobalAlloc for Heap<G> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            // SAFETY: GlobalAlloc is called from one thread here.
            Some(class) => unsafe { self.take(class, layout.align()) },
            None => null_mut(),
        }
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        let Some(class) = class_of(layout) else {
            return;
        };
        // SAFETY: one thread; `block` is a block of this class that its owner gives back.
        let state = unsafe { &mut *self.state.get() };
        unsafe { ptr::write(block.cast::<usize>(), state.free[class]) };
        state.free[class] = block as usize;
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
            return null_mut();
        };
        if class_of(new_layout) == class_of(layout) {
            return block;
        }
        // SAFETY: as `alloc`/`dealloc`; the old block holds `layout.size()` bytes,
        // the new one at least `new_size`.
        unsafe {
            let moved = self.alloc(new_layout);
            if !moved.is_null() {
                ptr::copy_nonoverlapping(block, moved, layout.size().min(new_size));
                self.dealloc(block, layout);
            }
            moved
        }
    }
}

/// Linear memory of the wasm module, grown with `memory.grow`.
#[cfg(target_arch = "wasm32")]
pub struct LinearMemory;

#[cfg(target_arch = "wasm32")]
impl Grow for LinearMemory {
    fn grow(&self, pages: usize) -> Option<usize> {
        let previous = ::core::arch::wasm32::memory_grow(0, pages);
        (previous != usize::MAX).then(|| previous * PAGE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::vec::Vec;

    /// Memory as a buffer that grows up to a limit; `gap` pages are skipped at
    /// each growth to mimic another user of memory.
    struct Buffer {
        base: usize,
        pages: Cell<usize>,
        limit: usize,
        gap: usize,
        _memory: Vec<u64>,
    }

    impl Buffer {
        fn new(limit: usize, gap: usize) -> Self {
            let memory = vec![0u64; limit * PAGE / 8 + PAGE / 8];
            let base = (memory.as_ptr() as usize).next_multiple_of(PAGE);
            Buffer { base, pages: Cell::new(0), limit, gap, _memory: memory }
        }
    }

    impl Grow for Buffer {
        fn grow(&self, pages: usize) -> Option<usize> {
            let start = self.pages.get() + self.gap;
            (start + pages <= self.limit).then(|| {
                self.pages.set(start + pages);
                self.base + start * PAGE
            })
        }
    }

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).unwrap()
    }

    #[test]
    fn blocks_are_aligned_disjoint_and_hold_what_is_written() {
        for gap in [0, 1] {
            let heap = Heap::new(Buffer::new(64, gap));
            let mut blocks = Vec::new();
            for (i, size) in [1, 7, 8, 9, 24, 100, 1000, 4096, 70_000, 3].into_iter().enumerate() {
                let align = [1, 2, 4, 8, 16, 64][i % 6];
                let l = layout(size, align);
                let p = unsafe { heap.alloc(l) };
                assert!(!p.is_null() && p as usize % align == 0, "size {size} align {align}");
                unsafe { ptr::write_bytes(p, i as u8, size) };
                blocks.push((p as usize, l, i as u8));
            }
            for &(p, l, fill) in &blocks {
                assert!((0..l.size()).all(|k| unsafe { *((p + k) as *const u8) } == fill), "a block was overwritten");
            }
        }
    }

    #[test]
    fn freed_blocks_are_reused_by_their_class() {
        let heap = Heap::new(Buffer::new(4, 0));
        let a = unsafe { heap.alloc(layout(40, 8)) };
        unsafe { heap.dealloc(a, layout(40, 8)) };
        assert_eq!(unsafe { heap.alloc(layout(64, 8)) }, a, "same class (64 bytes)");
        assert_ne!(unsafe { heap.alloc(layout(40, 8)) }, a, "taken again: a new block");
    }

    #[test]
    fn realloc_keeps_the_contents_and_stays_put_within_a_class() {
        let heap = Heap::new(Buffer::new(8, 0));
        let l = layout(20, 4);
        let p = unsafe { heap.alloc(l) };
        unsafe { ptr::copy_nonoverlapping(b"abcdefghijklmnopqrst".as_ptr(), p, 20) };
        assert_eq!(unsafe { heap.realloc(p, l, 30) }, p, "20 and 30 bytes share the 32-byte class");
        let q = unsafe { heap.realloc(p, l, 5000) };
        assert_ne!(q, p);
        assert_eq!(unsafe { std::slice::from_raw_parts(q, 20) }, b"abcdefghijklmnopqrst");
    }

    #[test]
    fn running_out_of_memory_answers_null_and_never_overlaps() {
        let heap = Heap::new(Buffer::new(2, 0));
        assert!(unsafe { heap.alloc(layout(3 * PAGE, 8)) }.is_null(), "larger than memory can grow");
        assert!(unsafe { heap.alloc(layout(isize::MAX as usize - 64, 8)) }.is_null(), "the largest layouts");
        let mut seen = Vec::new();
        loop {
            let p = unsafe { heap.alloc(layout(4000, 8)) };
            if p.is_null() {
                break;
            }
            assert!(seen.iter().all(|&q: &usize| (q as isize - p as isize).unsigned_abs() >= 4096));
            seen.push(p as usize);
        }
        assert!(seen.len() >= 15, "two pages hold about 32 blocks of 4 KiB: {}", seen.len());
    }
}
