import ReelCore
