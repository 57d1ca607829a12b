import Reel

@MainActor
func controlsInFrench(_ player: Player) throws -> PlayerWindow {
    var configuration = ContainerConfiguration.standard
    // A language of the app's own: the keys it lacks show in English.
    configuration.strings.add(
        try ContainerStrings.Table(
            language: ContainerStrings.Language("fr"),
            texts: [
                .speedMenu: "Vitesse", .subtitlesMenu: "Sous-titres", .off: "Désactivés",
                .speedChanged: "Vitesse {speed}", .decimalSeparator: ",",
            ]))
    // Another word for one text of a built-in language.
    configuration.strings.add(try ContainerStrings.Table(language: .english, texts: [.playlistMenu: "Queue"]))
    configuration.strings.language = try ContainerStrings.Language("fr")  // whatever LANG says
    let controls = PlayerContainer(player: player, configuration: configuration)
    return try PlayerWindow(player: player, overlay: controls)
}
