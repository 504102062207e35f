#include "memory_budget.hpp"

#include <algorithm>

namespace sgfaudit::pipeline::detail {

std::size_t MemoryBudget::take(std::size_t need) {
    if (budget_ == 0) return 0;
    std::unique_lock lock(mutex_);
    const std::uint64_t ticket = next_ticket_++;
    const auto may_go = [&] {
        return ticket == serving_ && (held_ == 0 || need <= budget_ - std::min(held_, budget_));
    };
    if (!may_go()) {
        ++waits_;
        changed_.wait(lock, may_go);
    }
    ++serving_;
    held_ += need;
    peak_ = std::max(peak_, held_);
    lock.unlock();
    changed_.notify_all();  // the next ticket may go too
    return need;
}

void MemoryBudget::give_back(std::size_t held) {
    if (budget_ == 0) return;
    {
        const std::lock_guard lock(mutex_);
        held_ -= held;
    }
    changed_.notify_all();
}

std::size_t MemoryBudget::peak() const {
    const std::lock_guard lock(mutex_);
    return peak_;
}

std::size_t MemoryBudget::waits() const {
    const std::lock_guard lock(mutex_);
    return waits_;
}

}  // namespace sgfaudit::pipeline::detail
