// `import ReelComposable` also gives the runtime the player feature is made of (`Store`,
// `Reducer`, `Scope`, `Effect`, `DependencyValues`): every app that uses `PlayerFeature` needs it,
// as TCA re-exports its dependencies' modules.
@_exported import ReelArchitecture
